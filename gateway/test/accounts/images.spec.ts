// Stored image addresses are real uploads: profile images (PATCH /api/users/{id}) and workspace logos (POST
// /api/workspaces, PATCH /api/workspaces/{id}/profile-image) must name an upload of the right kind that the media
// service stored and checked, readable by the caller; "" and null remove them (spec 1 §4, §5, §7, spec 2 §5).
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { s3StackEnv, startS3rver, type RunningS3 } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { adminWithWorkspace, joinAsMember, pngBytes, signUp, uploadImage, type Agent } from './helpers.js';

const NOT_UPLOADED = 'Image not found. Please upload it again.';
const MB = 1024 * 1024;

const expectRefused = (res: request.Response, message: string) => {
  expect({ status: res.status, error: res.body.error, code: res.body.code }).toEqual({
    status: 400,
    error: message,
    code: 'VALIDATION.FAILED',
  });
  expect(res.body.issues).toEqual([{ path: 'profileImageUrl', message }]);
};

describe.each(['inprocess', 'nats'] as const)('stored image addresses over %s', (transport) => {
  let stack: TestStack;
  const ip = (n: number) => `10.60.${transport === 'nats' ? 1 : 0}.${n}`;

  beforeAll(async () => {
    stack = await startTestStack({ transport });
  }, 120_000);
  afterAll(() => stack?.close());

  describe('PATCH /api/users/{id} profileImageUrl', () => {
    let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;
    const patch = (profileImageUrl: unknown, who: { agent: Agent; user: { id: string } } = admin) =>
      who.agent.patch(`/api/users/${who.user.id}`).send({ profileImageUrl });

    beforeAll(async () => {
      admin = await adminWithWorkspace(stack.url, 'Pictures', ip(1));
    });

    it('accepts a profile image the user uploaded, stored site-relative where members read it', async () => {
      const upload = await uploadImage(admin.agent, { kind: 'profile' });
      expect(upload.putStatus).toBe(200);
      expect(upload.address).toBe(new URL(upload.objectPath, stack.url).href);
      expect(upload.objectPath).toContain(`/objects/w/${admin.workspace.id}/`);
      const res = await patch(upload.address);
      expect(res.status).toBe(200);
      expect(res.body.profileImageUrl).toBe(upload.objectPath);
      expect((await admin.agent.get('/api/auth/user')).body.profileImageUrl).toBe(upload.objectPath);
      const read = await admin.agent.get(upload.objectPath);
      expect(read.status).toBe(200);
      expect(read.headers['content-type']).toBe('image/png');
    });

    it('accepts the stored address sent back unchanged, and the site-relative form of an upload', async () => {
      const stored = (await admin.agent.get('/api/auth/user')).body.profileImageUrl as string;
      expect(
        (await admin.agent.patch(`/api/users/${admin.user.id}`).send({ profileImageUrl: stored, aboutMe: 'Hi' }))
          .status,
      ).toBe(200);
      const upload = await uploadImage(admin.agent);
      const res = await patch(upload.objectPath);
      expect(res.status).toBe(200);
      expect(res.body.profileImageUrl).toBe(upload.objectPath);
    });

    it('removes the image with "" and with null', async () => {
      await patch((await uploadImage(admin.agent)).address);
      expect((await patch('')).body.profileImageUrl).toBeNull();
      await patch((await uploadImage(admin.agent)).address);
      expect((await patch(null)).body.profileImageUrl).toBeNull();
    });

    it('accepts an image uploaded before the user had a workspace', async () => {
      const me = await signUp(stack.url, {}, ip(2));
      const upload = await uploadImage(me.agent);
      expect(upload.objectPath).toContain(`/objects/u/${me.user.id}/`);
      const res = await patch(upload.address, me);
      expect(res.status).toBe(200);
      expect(res.body.profileImageUrl).toBe(upload.objectPath);
    });

    it.each([
      ['a made-up address', 'https://example.com/cat.png'],
      ['a path that is no upload', '/uploads/ada.png'],
      ['an object key that was never handed out', `/objects/u/${randomUUID()}/${randomUUID()}.png`],
      ['a script address', 'javascript:alert(1)'],
      ['an address with a malformed percent-escape', '/objects/%ZZ'],
      ['an object path with a malformed percent-escape', '/objects/w/%E0%A4%A/x.png'],
    ])(`refuses %s with 400 "${NOT_UPLOADED}"`, async (_label, address) => {
      expectRefused(await patch(address), NOT_UPLOADED);
    });

    it('refuses an upload whose bytes never arrived', async () => {
      const ticket = await admin.agent.post('/api/upload-url').send({ filename: 'me.png', contentType: 'image/png' });
      expectRefused(await patch(ticket.body.objectPath), NOT_UPLOADED);
    });

    it('refuses a refused upload (not an image) on the local driver, whose bytes were never kept', async () => {
      const upload = await uploadImage(admin.agent, { bytes: Buffer.from('<svg onload="alert(1)"/>') });
      expect(upload.putStatus).toBe(400);
      expectRefused(await patch(upload.address), NOT_UPLOADED);
    });

    it('refuses the upload URL itself (with its signed query) and an upload addressed on another site', async () => {
      const upload = await uploadImage(admin.agent);
      expectRefused(await patch(upload.uploadUrl), NOT_UPLOADED);
      expectRefused(await patch(`https://elsewhere.example${upload.objectPath}`), NOT_UPLOADED);
      expectRefused(await patch(`${upload.objectPath}?v=1`), NOT_UPLOADED);
    });

    it('refuses uploads of another kind: a logo, a custom reaction, a message image', async () => {
      expectRefused(await patch((await uploadImage(admin.agent, { kind: 'logo' })).address), NOT_UPLOADED);
      const reaction = await admin.agent.post('/api/reactions/upload').send({ filename: 'party.png' });
      expect((await fetch(reaction.body.uploadURL, { method: 'PUT', body: pngBytes() })).status).toBe(200);
      expectRefused(await patch(reaction.body.objectPath), NOT_UPLOADED);
      const message = await admin.agent.post('/api/messages/upload').send({ filename: 'photo.png' });
      expect((await fetch(message.body.uploadURL, { method: 'PUT', body: pngBytes() })).status).toBe(200);
      expectRefused(await patch(message.body.objectPath), NOT_UPLOADED);
    });

    it("refuses another workspace's upload and another user's upload made before their workspace", async () => {
      const other = await adminWithWorkspace(stack.url, 'Elsewhere', ip(3));
      expectRefused(await patch((await uploadImage(other.agent)).address), NOT_UPLOADED);
      const loner = await signUp(stack.url, {}, ip(3));
      expectRefused(await patch((await uploadImage(loner.agent)).address), NOT_UPLOADED);
    });
  });

  describe('workspace logos', () => {
    it('signup workspace step: a logo uploaded before the workspace exists becomes its logo, seen by members', async () => {
      const owner = await signUp(stack.url, {}, ip(10));
      const logo = await uploadImage(owner.agent, { kind: 'logo' });
      expect(logo.objectPath).toContain(`/objects/u/${owner.user.id}/`);
      const created = await owner.agent
        .post('/api/workspaces')
        .send({ name: 'Logo Co', profileImageUrl: logo.address });
      expect(created.status).toBe(201);
      expect(created.body.profileImageUrl).toBe(logo.objectPath);
      expect((await owner.agent.get('/api/workspaces')).body[0].profileImageUrl).toBe(logo.objectPath);
      const member = await joinAsMember(stack.url, owner.agent, {}, ip(10));
      expect((await member.agent.get(logo.objectPath)).status).toBe(200);
    });

    it("accepts a logo uploaded without a kind, as the spec's upload-url call (filename, contentType) makes it", async () => {
      const owner = await signUp(stack.url, {}, ip(11));
      const logo = await uploadImage(owner.agent);
      const created = await owner.agent.post('/api/workspaces').send({ name: 'Plain', profileImageUrl: logo.address });
      expect(created.status).toBe(201);
      expect(created.body.profileImageUrl).toBe(logo.objectPath);
    });

    it('creates a workspace without a logo from a name only, or with null or ""', async () => {
      const owner = await signUp(stack.url, {}, ip(12));
      for (const body of [{ name: 'A' }, { name: 'B', profileImageUrl: null }, { name: 'C', profileImageUrl: '' }]) {
        const res = await owner.agent.post('/api/workspaces').send(body);
        expect(res.status).toBe(201);
        expect(res.body.profileImageUrl).toBeNull();
      }
    });

    it('refuses to create a workspace with an address that is no logo upload of its creator', async () => {
      const owner = await adminWithWorkspace(stack.url, 'First', ip(13));
      const create = (profileImageUrl: string) =>
        owner.agent.post('/api/workspaces').send({ name: 'Second', profileImageUrl });
      expectRefused(await create('https://example.com/logo.png'), NOT_UPLOADED);
      expectRefused(await create('/objects/%ZZ'), NOT_UPLOADED);
      // uploaded within another workspace, whose members alone may read it
      expectRefused(await create((await uploadImage(owner.agent, { kind: 'logo' })).address), NOT_UPLOADED);
      const someone = await signUp(stack.url, {}, ip(13));
      expectRefused(await create((await uploadImage(someone.agent, { kind: 'logo' })).address), NOT_UPLOADED);
      expect((await owner.agent.get('/api/workspaces')).body).toHaveLength(1);
    });

    it('settings dialog: an admin uploads a logo, Save Changes applies it, Remove Logo clears it', async () => {
      const { agent, workspace } = await adminWithWorkspace(stack.url, 'Settings', ip(14));
      const logo = await uploadImage(agent, { kind: 'logo' });
      expect(logo.objectPath).toContain(`/objects/w/${workspace.id}/`);
      const set = await agent
        .patch(`/api/workspaces/${workspace.id}/profile-image`)
        .send({ profileImageUrl: logo.address });
      expect(set.status).toBe(200);
      expect(set.body.profileImageUrl).toBe(logo.objectPath);
      const again = await agent
        .patch(`/api/workspaces/${workspace.id}/profile-image`)
        .send({ profileImageUrl: logo.objectPath });
      expect(again.status).toBe(200);
      const removed = await agent.patch(`/api/workspaces/${workspace.id}/profile-image`).send({ profileImageUrl: '' });
      expect(removed.status).toBe(200);
      expect(removed.body.profileImageUrl).toBeNull();
    });

    it('refuses a logo from another workspace, of another kind, or never uploaded', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Mine', ip(15));
      const setLogo = (profileImageUrl: string) =>
        admin.agent.patch(`/api/workspaces/${admin.workspace.id}/profile-image`).send({ profileImageUrl });
      const other = await adminWithWorkspace(stack.url, 'Theirs', ip(15));
      expectRefused(await setLogo((await uploadImage(other.agent, { kind: 'logo' })).address), NOT_UPLOADED);
      const reaction = await admin.agent.post('/api/reactions/upload').send({ filename: 'party.png' });
      expect((await fetch(reaction.body.uploadURL, { method: 'PUT', body: pngBytes() })).status).toBe(200);
      expectRefused(await setLogo(reaction.body.objectPath), NOT_UPLOADED);
      const ticket = await admin.agent
        .post('/api/upload-url')
        .send({ filename: 'l.png', contentType: 'image/png', kind: 'logo' });
      expectRefused(await setLogo(ticket.body.objectPath), NOT_UPLOADED);
      expectRefused(await setLogo('/x.png'), NOT_UPLOADED);
      expectRefused(await setLogo('/objects/%ZZ'), NOT_UPLOADED);
    });

    it('answers who may change the logo before judging the image: 403 for a member, 404 for a stranger', async () => {
      const admin = await adminWithWorkspace(stack.url, 'Guarded', ip(16));
      const member = await joinAsMember(stack.url, admin.agent, {}, ip(16));
      const logo = await uploadImage(member.agent, { kind: 'logo' });
      const asMember = await member.agent
        .patch(`/api/workspaces/${admin.workspace.id}/profile-image`)
        .send({ profileImageUrl: logo.address });
      expect(asMember.status).toBe(403);
      const stranger = await adminWithWorkspace(stack.url, 'Outside', ip(16));
      const asStranger = await stranger.agent
        .patch(`/api/workspaces/${admin.workspace.id}/profile-image`)
        .send({ profileImageUrl: '/x.png' });
      expect(asStranger.status).toBe(404);
    });
  });
});

// S3 cannot cap a presigned PUT, so bad bytes land in the bucket and are judged when the address is stored.
describe('stored image addresses on the s3 driver (s3rver)', () => {
  let s3: RunningS3;
  let stack: TestStack;
  let admin: Awaited<ReturnType<typeof adminWithWorkspace>>;
  const bucket = `tc-img-${Date.now().toString(36)}`;

  beforeAll(async () => {
    s3 = await startS3rver();
    stack = await startTestStack({ env: s3StackEnv(s3, bucket) });
    admin = await adminWithWorkspace(stack.url, 'Bucket Co', '10.61.0.1');
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await s3?.close();
  });

  const patchUser = (profileImageUrl: string) =>
    admin.agent.patch(`/api/users/${admin.user.id}`).send({ profileImageUrl });
  const patchLogo = (profileImageUrl: string) =>
    admin.agent.patch(`/api/workspaces/${admin.workspace.id}/profile-image`).send({ profileImageUrl });

  it('accepts the gateway address of a stored upload, and the bucket address (the upload URL without its query)', async () => {
    const first = await uploadImage(admin.agent);
    expect(first.address).toBe(first.objectPath);
    expect((await patchUser(first.address)).body.profileImageUrl).toBe(first.objectPath);
    const second = await uploadImage(admin.agent, { kind: 'logo' });
    const bucketAddress = second.uploadUrl.split('?')[0];
    expect(bucketAddress).toContain(`/${bucket}/w/`);
    const res = await patchLogo(bucketAddress);
    expect(res.status).toBe(200);
    expect(res.body.profileImageUrl).toBe(second.objectPath);
  });

  it('refuses a profile image that is not an image with "Please upload an image file."', async () => {
    const upload = await uploadImage(admin.agent, { bytes: Buffer.from('<html></html>'), contentType: 'text/html' });
    expect(upload.putStatus).toBe(200);
    expectRefused(await patchUser(upload.address), 'Please upload an image file.');
  });

  it('refuses a profile image over 3MB with "Please upload an image smaller than 3MB."', async () => {
    const upload = await uploadImage(admin.agent, { bytes: pngBytes(3 * MB + 1) });
    expect(upload.putStatus).toBe(200);
    expectRefused(await patchUser(upload.address), 'Please upload an image smaller than 3MB.');
  });

  it('refuses a logo that is not an image with "Please select an image file"', async () => {
    const upload = await uploadImage(admin.agent, { kind: 'logo', bytes: Buffer.from('not an image at all') });
    expectRefused(await patchLogo(upload.address), 'Please select an image file');
  });

  it('refuses a logo over 5MB with "Please select an image under 5MB"', async () => {
    const upload = await uploadImage(admin.agent, { kind: 'logo', bytes: pngBytes(5 * MB + 1) });
    expectRefused(await patchLogo(upload.address), 'Please select an image under 5MB');
    const owner = await signUp(stack.url, {}, '10.61.0.2');
    const signupLogo = await uploadImage(owner.agent, { kind: 'logo', bytes: pngBytes(5 * MB + 1) });
    expectRefused(
      await owner.agent.post('/api/workspaces').send({ name: 'Big Logo', profileImageUrl: signupLogo.address }),
      'Please select an image under 5MB',
    );
  });
});
