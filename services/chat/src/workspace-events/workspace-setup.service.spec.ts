import { SectionService } from '../sections/section.service.js';
import { ChannelService } from '../channels/channel.service.js';
import { WorkspaceSetupService } from './workspace-setup.service.js';
import { type ChatHarness, newTeam, startChatHarness } from '../../test/chat-test-harness.js';

describe('workspace setup', () => {
  let h: ChatHarness;
  let sections: SectionService;
  let channels: ChannelService;
  let setup: WorkspaceSetupService;

  beforeAll(async () => {
    h = await startChatHarness();
    sections = h.app.get(SectionService);
    channels = h.app.get(ChannelService);
    setup = h.app.get(WorkspaceSetupService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  it('gives a new workspace one default section and a general channel, once', async () => {
    const t = team();
    await Promise.all([setup.ensure(t.ws), setup.ensure(t.ws)]);
    await setup.ensure(t.ws);
    const list = await channels.list(t.as(t.alice));
    expect(list.map((c) => c.name)).toEqual(['general']);
    const secs = await sections.list(t.as(t.alice));
    expect(secs).toHaveLength(1);
    expect(list[0]).toMatchObject({ sectionId: secs[0].id, type: 'regular', icon: 'Hash', order: 0 });
  });
});
