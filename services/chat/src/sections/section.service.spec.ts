import { ErrorCodes, SECTION_NOT_EMPTY_MESSAGE } from '@teamchat/contracts';
import { SectionService } from './section.service.js';
import { ChannelService } from '../channels/channel.service.js';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe(SectionService.name, () => {
  let h: ChatHarness;
  let sections: SectionService;
  let channels: ChannelService;

  beforeAll(async () => {
    h = await startChatHarness();
    sections = h.app.get(SectionService);
    channels = h.app.get(ChannelService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  it('creates a section with order 0 by default and lists it', async () => {
    const t = team();
    const s = await sections.create(t.as(t.alice), { name: 'Projects', order: 0 });
    expect(s).toMatchObject({ name: 'Projects', order: 0, workspaceId: t.ws });
    expect((await sections.list(t.as(t.bob))).map((x) => x.name)).toContain('Projects');
  });

  it(`refuses to delete a section that still has channels with "${SECTION_NOT_EMPTY_MESSAGE}"`, async () => {
    const t = team();
    const s = await sections.create(t.as(t.alice), { name: 'Busy', order: 0 });
    await channels.create(t.as(t.alice), { name: 'inside', sectionId: s.id });
    const err = await rejection(sections.remove(t.as(t.alice), s.id));
    expect(err.code).toBe(ErrorCodes.sectionNotEmpty);
    expect(err.message).toBe(SECTION_NOT_EMPTY_MESSAGE);
  });

  it('deletes an empty section', async () => {
    const t = team();
    const s = await sections.create(t.as(t.alice), { name: 'Empty', order: 0 });
    await sections.remove(t.as(t.bob), s.id);
    expect((await sections.list(t.as(t.alice))).map((x) => x.id)).not.toContain(s.id);
  });

  it("answers another workspace's section (and a malformed id) as not found", async () => {
    const t = team();
    const other = team();
    const s = await sections.create(other.as(other.alice), { name: 'Theirs', order: 0 });
    expect((await rejection(sections.remove(t.as(t.alice), s.id))).code).toBe(ErrorCodes.sectionNotFound);
    expect((await rejection(sections.remove(t.as(t.alice), 'nope'))).code).toBe(ErrorCodes.sectionNotFound);
  });

  it('refuses a caller who is not a member of the workspace', async () => {
    const t = team();
    const stranger = h.directory.user('stranger');
    expect((await rejection(sections.list(h.actor(stranger, t.ws)))).code).toBe(ErrorCodes.workspaceNotFound);
    expect((await rejection(sections.list(h.actor(stranger, null)))).code).toBe(ErrorCodes.noWorkspace);
  });
});
