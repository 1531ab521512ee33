import { ErrorCodes, IMAGE_NOT_UPLOADED_MESSAGE } from '@teamchat/contracts';
import { ChannelService } from '../channels/channel.service.js';
import { DmService } from '../channels/dm.service.js';
import { MessageService } from './message.service.js';
import { SearchService } from '../../test/search-service.probe.js';
import { type ChatHarness, newTeam, rejection, startChatHarness } from '../../test/chat-test-harness.js';

describe(SearchService.name, () => {
  let h: ChatHarness;
  let channels: ChannelService;
  let dms: DmService;
  let messages: MessageService;
  let search: SearchService;

  beforeAll(async () => {
    h = await startChatHarness();
    channels = h.app.get(ChannelService);
    dms = h.app.get(DmService);
    messages = h.app.get(MessageService);
    search = h.app.get(SearchService);
  });

  afterAll(() => h.close());

  // a stand-in answer or a request of chat that breaks its contract fails the test, even when chat swallowed it
  afterEach(() => h.bus.verify());

  const team = () => newTeam(h);

  let t: ReturnType<typeof team>;
  let outsider: ReturnType<typeof team>;
  beforeAll(async () => {
    t = team();
    outsider = team();
    const [general] = await channels.list(t.as(t.alice));
    const post = (content: string, channelId = general.id, who = t.alice) =>
      messages.create(t.as(who), { channelId, content });
    await post('Deploying the new release tonight');
    await post('Ticket PLT-3699 blocks the rollout');
    await post('We shipped v2.1 yesterday, v2.0 is retired');
    await post('config lives in foo.bar.baz now');
    await post('Unrelated chatter about lunch');
    await post('our relationship with the vendor');
    const dm = await dms.open(t.as(t.alice), t.bob);
    await post('secret deploy key in the DM', dm.id);
    const [theirGeneral] = await channels.list(outsider.as(outsider.alice));
    await messages.create(outsider.as(outsider.alice), {
      channelId: theirGeneral.id,
      content: 'deploy from another workspace PLT-3699',
    });
  });

  const contents = async (who: string, q: string) => (await search.search(t.as(who), q)).results.map((r) => r.content);

  it('finds whole words through stemming (deploy finds deploying)', async () => {
    expect(await contents(t.carol, 'deploy')).toEqual(['Deploying the new release tonight']);
  });

  it('ranks whole-word hits before substring-only ones', async () => {
    expect(await contents(t.carol, 'ship')).toEqual([
      'We shipped v2.1 yesterday, v2.0 is retired',
      'our relationship with the vendor',
    ]);
  });

  it.each([
    ['PLT-3699', 'Ticket PLT-3699 blocks the rollout'],
    ['PLT-36', 'Ticket PLT-3699 blocks the rollout'],
    ['3699', 'Ticket PLT-3699 blocks the rollout'],
    ['v2.1', 'We shipped v2.1 yesterday, v2.0 is retired'],
    ['v2', 'We shipped v2.1 yesterday, v2.0 is retired'],
    ['bar.baz', 'config lives in foo.bar.baz now'],
    ['deplo', 'Deploying the new release tonight'],
    ['rollo', 'Ticket PLT-3699 blocks the rollout'],
  ])('finds %p in "%s"', async (q, expected) => {
    expect(await contents(t.carol, q)).toContain(expected);
  });

  it('never returns another workspace’s message or a DM the caller is not in', async () => {
    expect(await contents(t.carol, 'deploy')).not.toContain('secret deploy key in the DM');
    expect(await contents(t.carol, 'PLT-3699')).toEqual(['Ticket PLT-3699 blocks the rollout']);
    expect(await contents(t.bob, 'deploy')).toContain('secret deploy key in the DM');
  });

  describe('refuses an image that is not a checked message-image upload of the workspace, storing nothing', () => {
    const key = (ws: string) => `w/${ws}/0b9f4c4e-5d0a-4d6b-9d53-6d3f3f6f0a11.png`;
    it.each([
      ['any other address', () => 'https://example.com/cat.png', IMAGE_NOT_UPLOADED_MESSAGE],
      ['a made-up key', (ws: string) => `/attachments/${key(ws)}`, IMAGE_NOT_UPLOADED_MESSAGE],
      [
        'another workspace’s upload',
        () => h.directory.upload(h.directory.workspace(), 'message'),
        IMAGE_NOT_UPLOADED_MESSAGE,
      ],
      ['a reaction upload', (ws: string) => h.directory.upload(ws, 'reaction'), IMAGE_NOT_UPLOADED_MESSAGE],
      [
        'a reaction upload at the attachments path',
        (ws: string) => h.directory.upload(ws, 'reaction').replace('/objects/', '/attachments/'),
        IMAGE_NOT_UPLOADED_MESSAGE,
      ],
      [
        'an upload never made',
        (ws: string) => h.directory.upload(ws, 'message', 'missing'),
        IMAGE_NOT_UPLOADED_MESSAGE,
      ],
      [
        'a file that is not an image',
        (ws: string) => h.directory.upload(ws, 'message', 'not-an-image'),
        'Please upload an image file.',
      ],
      [
        'a file over 10MB',
        (ws: string) => h.directory.upload(ws, 'message', 'too-large'),
        'Please upload an image smaller than 10MB.',
      ],
    ])('%s', async (_label, address, expected) => {
      const t = team();
      const [general] = await channels.list(t.as(t.alice));
      const err = await rejection(
        messages.create(t.as(t.alice), { channelId: general.id, content: 'look', imageUrl: address(t.ws) }),
      );
      expect([err.code, err.message]).toEqual([ErrorCodes.validation, expected]);
      expect(err.issues).toEqual([{ path: 'imageUrl', message: expected }]);
      expect(await messages.list(t.as(t.alice), general.id, undefined, 50)).toEqual([]);
    });
  });

  it('answers a stranger about the channel before the image', async () => {
    const t = team();
    const other = team();
    const [general] = await channels.list(t.as(t.alice));
    const err = await rejection(
      messages.create(other.as(other.alice), {
        channelId: general.id,
        imageUrl: h.directory.upload(t.ws, 'message'),
      }),
    );
    expect(err.code).toBe(ErrorCodes.channelNotFound);
  });

  it('names a DM hit after the other participant', async () => {
    const [hit] = (await search.search(t.as(t.bob), 'secret')).results.filter((r) => r.content?.includes('secret'));
    expect(hit.channelName).toBe(h.directory.usernames.get(t.alice));
    expect(hit.username).toBe(h.directory.usernames.get(t.alice));
  });

  it('answers a blank query with nothing, and odd input without failing', async () => {
    expect(await search.search(t.as(t.alice), '  ')).toEqual({ results: [], nextCursor: null });
    for (const odd of [`'):* & !| 100%_ "unterminated`, '%', '_', '\\', '%%%', '\\%_', 'a:b:c', '-', '"', '-""'])
      expect((await search.search(t.as(t.alice), odd)).results).toBeInstanceOf(Array);
  });

  it('searches LIKE wildcards literally', async () => {
    const [general] = await channels.list(t.as(t.alice));
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'coverage at 100% now' });
    await messages.create(t.as(t.alice), { channelId: general.id, content: 'coverage at 1000 now' });
    // a token with a sign in it is found as typed: 100% is not a prefix of 1000, and % itself matches nothing
    expect(await contents(t.carol, '100%')).toEqual(['coverage at 100% now']);
    expect(await contents(t.carol, '100')).toEqual(['coverage at 100% now', 'coverage at 1000 now']);
    expect(await contents(t.carol, '%')).toEqual([]);
    expect(await contents(t.carol, '_')).toEqual([]);
    expect(await contents(t.carol, '0%')).toEqual([]);
  });

  it('skips the substring arm for stopwords: "the" does not find every word holding t-h-e', async () => {
    expect(await contents(t.carol, 'the')).not.toContain('Unrelated chatter about lunch');
    expect(await contents(t.carol, 'chatte')).toContain('Unrelated chatter about lunch');
  });
});
