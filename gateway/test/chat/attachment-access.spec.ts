// An attachment follows its message's access rule: a message image or file posted in a DM is read by the DM's
// participants only (404 to anyone else, a workspace admin included, and to other workspaces), one posted in a public
// channel by every member; before it is posted only its uploader reads it. Nobody posts an attachment they did not
// upload, and an attachment posted in one channel is not posted again in another.
import request from 'supertest';
import { attachmentPathFromUploadUrl, IMAGE_NOT_UPLOADED_MESSAGE } from '@teamchat/contracts';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, nextIp, team, uploadChatImage, type Agent } from './chat-helpers.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const FILE_NOT_UPLOADED = 'File not found. Please upload it again.';
const BLOCK = 96;

/** What the SPA does for a file: a ticket, the PUT of its bytes, and the /attachments/... address it then sends. */
const uploadFile = async (agent: Agent) => {
  const ticket = await agent
    .post('/api/messages/upload')
    .send({ filename: 'salaries.pdf', contentType: 'application/pdf', size: PDF.length });
  expect(ticket.status).toBe(200);
  const uploadURL = (ticket.body as { uploadURL: string }).uploadURL;
  const put = await fetch(uploadURL, { method: 'PUT', body: PDF, headers: { 'content-type': 'application/pdf' } });
  expect(put.status).toBe(200);
  return attachmentPathFromUploadUrl(uploadURL)!;
};

describe('attachment access', () => {
  let stack: TestStack;
  let t: Awaited<ReturnType<typeof team>>;
  let other: Awaited<ReturnType<typeof adminWithWorkspace>>;
  let general: string;
  let dm: string;

  beforeAll(async () => {
    stack = await startTestStack({ transport: 'inprocess' });
    t = await team(stack.url, BLOCK);
    other = await adminWithWorkspace(stack.url, 'Elsewhere', nextIp(BLOCK));
    general = (await t.admin.agent.get('/api/channels')).body[0].id;
    const created = await t.bob.agent.post('/api/dm').send({ userId2: t.carol.user.id });
    expect(created.status).toBeLessThan(300);
    dm = created.body.id;
  }, 120_000);

  afterAll(() => stack?.close());

  const post = (agent: Agent, channelId: string, body: Record<string, unknown>) =>
    agent.post(`/api/channels/${channelId}/messages`).send(body);
  const status = async (agent: Agent, path: string) => (await agent.get(path)).status;

  describe('posted in a DM between Bob and Carol', () => {
    let file: string;
    let image: string;

    beforeAll(async () => {
      file = await uploadFile(t.bob.agent);
      image = (await uploadChatImage(t.bob.agent, 'message')).address;
      expect((await post(t.bob.agent, dm, { content: 'for your eyes', fileUrl: file, imageUrl: image })).status).toBe(
        201,
      );
    });

    it('is read by both participants', async () => {
      for (const path of [file, image]) {
        expect(await status(t.bob.agent, path)).toBe(200);
        expect(await status(t.carol.agent, path)).toBe(200);
      }
    });

    it('answers 404 to a workspace admin outside the DM, to another workspace, and 401 signed out', async () => {
      for (const path of [file, image]) {
        expect(await status(t.admin.agent, path)).toBe(404);
        expect(await status(t.admin.agent, `${path}?download=1`)).toBe(404);
        expect((await t.admin.agent.head(path)).status).toBe(404);
        expect(await status(other.agent, path)).toBe(404);
        expect((await request(stack.url).get(path)).status).toBe(401);
      }
    });

    it('cannot be posted again in a public channel, by an outsider, a participant or its uploader', async () => {
      for (const agent of [t.admin.agent, t.carol.agent, t.bob.agent]) {
        const withFile = await post(agent, general, { content: 'look', fileUrl: file });
        expect(withFile.status).toBe(400);
        expect(withFile.body).toMatchObject({ error: FILE_NOT_UPLOADED, code: 'VALIDATION.FAILED' });
        const withImage = await post(agent, general, { content: 'look', imageUrl: image });
        expect(withImage.status).toBe(400);
        expect(withImage.body).toMatchObject({ error: IMAGE_NOT_UPLOADED_MESSAGE, code: 'VALIDATION.FAILED' });
      }
      // still private to the DM
      expect(await status(t.admin.agent, file)).toBe(404);
      const page = await t.admin.agent.get(`/api/channels/${general}/messages`);
      expect(JSON.stringify(page.body)).not.toContain(file);
    });
  });

  it('is read by every member once posted in a public channel, and by other workspaces never', async () => {
    const file = await uploadFile(t.carol.agent);
    expect((await post(t.carol.agent, general, { content: 'minutes', fileUrl: file })).status).toBe(201);
    for (const agent of [t.admin.agent, t.bob.agent, t.carol.agent]) expect(await status(agent, file)).toBe(200);
    expect(await status(other.agent, file)).toBe(404);
  });

  it('is read by its uploader only until it is posted, and is posted by its uploader only', async () => {
    const file = await uploadFile(t.bob.agent);
    expect(await status(t.bob.agent, file)).toBe(200);
    expect(await status(t.carol.agent, file)).toBe(404);
    expect(await status(t.admin.agent, file)).toBe(404);
    // someone else's upload, even one they could guess: refused, and still Bob's to post
    const taken = await post(t.carol.agent, dm, { content: 'mine now', fileUrl: file });
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe(FILE_NOT_UPLOADED);
    expect((await post(t.bob.agent, dm, { content: 'here it is', fileUrl: file })).status).toBe(201);
    expect(await status(t.carol.agent, file)).toBe(200);
    // a resend of the same message in the same channel is no second channel
    expect((await post(t.bob.agent, dm, { content: 'again', fileUrl: file })).status).toBe(201);
    expect(await status(t.admin.agent, file)).toBe(404);
  });

  it('is posted in one channel only when its uploader posts it in two at once', async () => {
    const file = await uploadFile(t.bob.agent);
    const [inDm, inGeneral] = await Promise.all([
      post(t.bob.agent, dm, { content: 'one', fileUrl: file }),
      post(t.bob.agent, general, { content: 'two', fileUrl: file }),
    ]);
    expect([inDm.status, inGeneral.status].sort()).toEqual([201, 400]);
    expect(await status(t.admin.agent, file)).toBe(inGeneral.status === 201 ? 200 : 404);
  });
});
