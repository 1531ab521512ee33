// Chat keeps people's names and handles (it stores only user ids) and hears identity's announcements of changes in
// every process: a new handle is mentioned by, and a closed account shown as Unknown, as soon as the event arrives —
// well within the backstop TTL of the cache (AUTHOR_TTL_MS, ten minutes).
import { waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { IdentityContracts } from '@teamchat/contracts';
import { team } from './chat-helpers.js';

interface MentionsPage {
  items: { content: string }[];
}

describe.each(['inprocess', 'nats'] as const)("authors' names and handles over %s", (transport) => {
  const block = transport === 'nats' ? 121 : 120;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let general: { id: string };

  beforeAll(async () => {
    stack = await startTestStack({ transport });
    t = await team(stack.url, block);
    general = (await t.admin.agent.get('/api/channels')).body[0];
  }, 120000);

  afterAll(() => stack?.close());

  const post = (who: typeof t.bob, content: string) =>
    who.agent.post(`/api/channels/${general.id}/messages`).send({ content });
  const mentionsOf = async (who: typeof t.carol) =>
    ((await who.agent.get('/api/mentions')).body as MentionsPage).items.map((i) => i.content);

  it('mentions a member by a handle they just chose, not after the cache expires', async () => {
    expect((await t.carol.agent.patch(`/api/users/${t.carol.user.id}`).send({ handle: 'caro_first' })).status).toBe(
      200,
    );
    await post(t.bob, '@caro_first ping');
    // Carol's profile, first handle included, is now what chat holds
    await waitFor(async () => (await mentionsOf(t.carol)).includes('@caro_first ping'), { timeoutMs: 10_000 });

    expect((await t.carol.agent.patch(`/api/users/${t.carol.user.id}`).send({ handle: 'caro_second' })).status).toBe(
      200,
    );
    await post(t.bob, '@caro_second again');
    await waitFor(async () => (await mentionsOf(t.carol)).includes('@caro_second again'), { timeoutMs: 10_000 });
  }, 30000);

  it("shows a closed account's messages as Unknown from the event on", async () => {
    expect((await post(t.bob, 'from bob, before closing')).status).toBe(201);
    const usernames = async () =>
      ((await t.admin.agent.get(`/api/channels/${general.id}/messages`)).body as { userId: string; username: string }[])
        .filter((m) => m.userId === t.bob.user.id)
        .map((m) => m.username);
    expect(await usernames()).toContain(t.bob.user.username);

    await stack.request(IdentityContracts.delete, { userId: t.bob.user.id });
    await waitFor(
      async () => {
        const names = await usernames();
        return names.length > 0 && names.every((name) => name === 'Unknown');
      },
      { timeoutMs: 10_000 },
    );
  }, 30000);
});
