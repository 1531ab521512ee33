// Message images and custom reaction images on the s3 driver (s3rver): S3 cannot cap a presigned PUT or look at its
// bytes, so whatever was PUT lands in the bucket and chat asks media to judge it when the address is stored, over
// HTTP and over the live socket (spec 2 §5, §7, §9).
import { s3StackEnv, startS3rver, waitFor, type RunningS3 } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { pngBytes, team, TestSocket, uploadChatImage } from './chat-helpers.js';

const MB = 1024 * 1024;

describe('chat images on the s3 driver (s3rver)', () => {
  let s3: RunningS3;
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let general: string;
  const bucket = `tc-chat-img-${Date.now().toString(36)}`;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    s3 = await startS3rver();
    stack = await startTestStack({ env: s3StackEnv(s3, bucket) });
    t = await team(stack.url, 9);
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
  }, 120_000);

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });

  afterAll(async () => {
    await stack?.close();
    await s3?.close();
  });

  const messagesIn = async (channelId: string) =>
    (await t.bob.agent.get(`/api/channels/${channelId}/messages?limit=200`)).body as { content: string }[];

  it('stores a message image addressed /attachments/<key>, derived from the presigned upload URL', async () => {
    const upload = await uploadChatImage(t.bob.agent, 'message');
    expect(upload.putStatus).toBe(200);
    expect(upload.uploadURL).toContain(`/${bucket}/w/${t.workspaceId}/`);
    const res = await t.bob.agent.post(`/api/channels/${general}/messages`).send({ imageUrl: upload.address });
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toBe(upload.address);
    expect((await t.carol.agent.get(upload.address)).status).toBe(200);
  });

  it.each([
    ['bytes that are not an image', { bytes: Buffer.from('<html></html>') }, 'Please upload an image file.'],
    ['an image over 10MB', { bytes: pngBytes(10 * MB + 1) }, 'Please upload an image smaller than 10MB.'],
  ])('refuses a message image of %s with 400 "%s", storing nothing', async (_label, options, message) => {
    const upload = await uploadChatImage(t.bob.agent, 'message', options);
    expect(upload.putStatus).toBe(200);
    const before = (await messagesIn(general)).length;
    const res = await t.bob.agent
      .post(`/api/channels/${general}/messages`)
      .send({ content: 'refused over http', imageUrl: upload.address });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION.FAILED', issues: [{ path: 'imageUrl', message }] });
    expect((await messagesIn(general)).length).toBe(before);
  });

  it('refuses the same over the socket with an error frame, storing and delivering nothing', async () => {
    const [a, b] = await Promise.all([TestSocket.joined(stack.url, t.admin), TestSocket.joined(stack.url, t.bob)]);
    sockets.push(a, b);
    const before = (await messagesIn(general)).length;
    const bad = await uploadChatImage(t.bob.agent, 'message', { bytes: Buffer.from('plain text') });
    b.send({
      type: 'message',
      channelId: general,
      userId: t.bob.user.id,
      content: 'refused frame',
      imageUrl: bad.address,
    });
    expect(await b.next('error')).toEqual({
      type: 'error',
      code: 'VALIDATION.FAILED',
      message: 'Please upload an image file.',
    });
    const good = await uploadChatImage(t.bob.agent, 'message');
    b.send({
      type: 'message',
      channelId: general,
      userId: t.bob.user.id,
      content: 'good frame',
      imageUrl: good.address,
    });
    await a.next('message', (f) => (f.message as { content: string }).content === 'good frame');
    await waitFor(async () => (await messagesIn(general)).length === before + 1);
    expect(a.messages().map((m) => m.content)).not.toContain('refused frame');
  });

  it('stores a custom reaction whose image is a checked reaction upload, and refuses bad bytes and files over 5MB', async () => {
    const good = await uploadChatImage(t.bob.agent, 'reaction');
    const ok = await t.bob.agent.post('/api/custom-reactions').send({ name: 'bucket_ok', imageUrl: good.address });
    expect(ok.status).toBe(201);
    expect(ok.body.imageUrl).toBe(good.objectPath);
    for (const [bytes, message] of [
      [Buffer.from('just some text'), 'Please upload an image file.'],
      [pngBytes(5 * MB + 1), 'Please upload an image smaller than 5MB.'],
    ] as const) {
      const upload = await uploadChatImage(t.bob.agent, 'reaction', { bytes });
      const res = await t.bob.agent
        .post('/api/custom-reactions')
        .send({ name: 'bucket_bad', imageUrl: upload.address });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'VALIDATION.FAILED' });
    }
    const names = (await t.bob.agent.get('/api/custom-reactions')).body.map((r: { name: string }) => r.name);
    expect(names).toEqual(['bucket_ok']);
  });

  // (last: the custom reaction it adds would show in the list the test above checks)
  it('takes the presigned upload address without its query, for a message image and a custom reaction', async () => {
    const message = await uploadChatImage(t.bob.agent, 'message');
    const posted = await t.bob.agent
      .post(`/api/channels/${general}/messages`)
      .send({ imageUrl: message.uploadURL.split('?')[0] });
    expect(posted.status).toBe(201);
    expect(posted.body.imageUrl).toBe(message.address);
    const reaction = await uploadChatImage(t.bob.agent, 'reaction');
    const created = await t.bob.agent
      .post('/api/custom-reactions')
      .send({ name: 'bare_bucket', imageUrl: reaction.uploadURL.split('?')[0] });
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toBe(reaction.objectPath);
  });
});
