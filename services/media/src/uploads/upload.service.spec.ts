import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DataSource } from 'typeorm';
import { busMembershipSource, WorkspaceMembership } from '@teamchat/service-kit';
import {
  ErrorCodes,
  UPLOAD_LIMITS,
  WorkspaceContracts,
  type Actor,
  type UploadKind,
  type UploadTicket,
} from '@teamchat/contracts';
import { openDataSource } from '@teamchat/database';
import { FakeBus, FakeWorkspaces } from '@teamchat/test-fakes';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing/postgres';
import { mediaEntities } from '../media.entities.js';
import { mediaMigrations } from '../migrations/index.js';
import { LocalObjectStorage } from '../storage/local.storage.js';
import { AttachmentAudience } from './attachment-audience.js';
import { UploadEntity } from './upload.entity.js';
import { RECHECK_SLACK_MS, SWEEP_GRACE_MS, UploadService } from './upload.service.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');

describe(UploadService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let dir: string;
  let storage: LocalObjectStorage;
  let bus: FakeBus;
  let workspaces: FakeWorkspaces;
  let membership: WorkspaceMembership;
  let service: UploadService;
  const wsA = randomUUID();
  const wsB = randomUUID();
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  /** What the gateway does for a local upload: write the bytes where the key says. */
  const put = (ticket: UploadTicket, bytes: Buffer) => {
    const file = join(storage.root, ticket.key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  };
  const signed = (ticket: UploadTicket) => {
    const q = new URL(ticket.uploadUrl, 'http://x').searchParams;
    return {
      kind: q.get('kind') as UploadKind,
      key: ticket.key,
      expires: Number(q.get('expires')),
      max: Number(q.get('max')),
      type: q.get('type') as 'image/png',
      sig: q.get('sig')!,
    };
  };

  beforeAll(async () => {
    db = await createTestDatabase('media');
    ds = await openDataSource({
      schema: 'media',
      url: db.url,
      entities: mediaEntities,
      migrations: mediaMigrations,
      poolSize: 2,
    });
    dir = mkdtempSync(join(tmpdir(), 'media-spec-'));
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    bus.verify();
    // media asks the workspace service one thing only: memberships (one member, or a workspace's roster)
    const memberships = [WorkspaceContracts.getMember.subject, WorkspaceContracts.listMembers.subject];
    expect(bus.requests.filter((r) => !memberships.includes(r.subject))).toEqual([]);
  });

  beforeEach(async () => {
    await ds.getRepository(UploadEntity).clear();
    storage = new LocalObjectStorage(join(dir, randomUUID()), 'a-test-secret-that-is-long-enough-0123456789');
    await storage.init();
    bus = new FakeBus();
    workspaces = new FakeWorkspaces(bus);
    membership = new WorkspaceMembership(busMembershipSource(bus));
    service = new UploadService(ds.getRepository(UploadEntity), storage, membership, new AttachmentAudience(bus));
    alice = workspaces.join(wsA, randomUUID());
    bob = workspaces.join(wsA, randomUUID());
    carol = workspaces.join(wsB, randomUUID());
  });

  describe('create', () => {
    it('hands out a signed 5-minute URL for a random key under the workspace, never the file name', async () => {
      const before = Date.now();
      const ticket = await service.create(alice, { kind: 'message', filename: 'holiday photo.PNG' });
      expect(ticket.key).toMatch(new RegExp(`^w/${wsA}/[0-9a-f-]{36}\\.png$`));
      expect(ticket.key).not.toContain('holiday');
      expect(ticket.objectPath).toBe(`/attachments/${ticket.key}`);
      expect(ticket.maxBytes).toBe(10485760);
      expect(ticket.contentType).toBe('image/png');
      const url = new URL(ticket.uploadUrl, 'http://x');
      expect(url.pathname).toBe(ticket.objectPath);
      expect(Number(url.searchParams.get('expires')) * 1000 - before).toBeGreaterThan(299_000);
      expect(Number(url.searchParams.get('expires')) * 1000 - before).toBeLessThanOrEqual(301_000);
      expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
      const second = await service.create(alice, { kind: 'message', filename: 'holiday photo.PNG' });
      expect(second.key).not.toBe(ticket.key);
    });

    it.each([
      ['profile', 3 * 1024 * 1024, '/objects/'],
      ['logo', 5 * 1024 * 1024, '/objects/'],
      ['reaction', 5242880, '/objects/'],
      ['message', 10485760, '/attachments/'],
    ] as const)('limits a %s upload to %d bytes, served under %s', async (kind, limit, prefix) => {
      const ticket = await service.create(alice, { kind, filename: 'a.jpg', contentType: 'image/jpeg' });
      expect(ticket.maxBytes).toBe(limit);
      expect(UPLOAD_LIMITS[kind]).toBe(limit);
      expect(ticket.objectPath.startsWith(prefix)).toBe(true);
      expect(ticket.key.endsWith('.jpg')).toBe(true);
    });

    it.each([['notes.txt'], ['drawing.svg'], ['page.html'], ['noextension']])(
      'refuses %s with "Please upload an image file."',
      async (filename) => {
        await expect(service.create(alice, { kind: 'message', filename })).rejects.toMatchObject({
          code: ErrorCodes.uploadInvalid,
          message: 'Please upload an image file.',
        });
      },
    );

    it('refuses a content type that does not match the extension, with the logo wording for logos', async () => {
      await expect(
        service.create(alice, { kind: 'logo', filename: 'logo.png', contentType: 'image/svg+xml' }),
      ).rejects.toMatchObject({
        code: ErrorCodes.uploadInvalid,
        message: 'Please select an image file',
      });
      await expect(
        service.create(alice, { kind: 'profile', filename: 'me.png', contentType: 'image/jpeg' }),
      ).rejects.toMatchObject({
        message: 'Please upload an image file.',
      });
    });

    it('puts a profile image or logo of a user without a workspace under the user, and refuses message images then', async () => {
      const loner: Actor = { userId: randomUUID(), workspaceId: null };
      const ticket = await service.create(loner, { kind: 'logo', filename: 'logo.webp', contentType: 'image/webp' });
      expect(ticket.key).toMatch(new RegExp(`^u/${loner.userId}/[0-9a-f-]{36}\\.webp$`));
      await expect(service.create(loner, { kind: 'message', filename: 'a.png' })).rejects.toMatchObject({
        code: ErrorCodes.noWorkspace,
      });
    });

    it.each([
      ['a name that looks like an object key', () => `${randomUUID()}.png`],
      ['a path into another workspace', () => `../../w/${wsB}/${randomUUID()}.png`],
      ['a name with folders', () => 'a/b/c.png'],
    ])('makes a fresh random key under the caller’s workspace for %s', async (_what, name) => {
      const filename = name();
      const given = /[0-9a-f-]{36}/.exec(filename)?.[0];
      const ticket = await service.create(alice, { kind: 'message', filename });
      expect(ticket.key).toMatch(
        new RegExp(`^w/${wsA}/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\\.png$`),
      );
      if (given) expect(ticket.key).not.toContain(given);
      expect(ticket.key).not.toContain(wsB);
      expect(new URL(ticket.uploadUrl, 'http://x').pathname).toBe(`/attachments/${ticket.key}`);
    });

    it('refuses a caller who is not a member of the workspace', async () => {
      await expect(
        service.create({ userId: randomUUID(), workspaceId: wsA }, { kind: 'message', filename: 'a.png' }),
      ).rejects.toMatchObject({
        code: ErrorCodes.memberNotFound,
      });
    });
  });

  describe('complete', () => {
    it('keeps a valid image and reports its size', async () => {
      const ticket = await service.create(alice, { kind: 'message', filename: 'a.png' });
      put(ticket, PNG);
      await expect(service.complete(signed(ticket))).resolves.toEqual({
        key: ticket.key,
        kind: 'message',
        contentType: 'image/png',
        size: PNG.length,
        objectPath: ticket.objectPath,
      });
    });

    it('deletes an object whose first bytes are not the promised type and reports the upload failed', async () => {
      const ticket = await service.create(alice, { kind: 'message', filename: 'a.png' });
      put(ticket, JPEG);
      await expect(service.complete(signed(ticket))).rejects.toMatchObject({
        code: ErrorCodes.uploadInvalid,
        message: 'Please upload an image file.',
      });
      expect(existsSync(join(storage.root, ticket.key))).toBe(false);
      await expect(service.get(alice, ticket.key)).rejects.toMatchObject({ code: ErrorCodes.objectNotFound });
    });

    it('deletes an object over its limit with "Please upload an image smaller than 3MB."', async () => {
      const ticket = await service.create(alice, { kind: 'profile', filename: 'me.png', contentType: 'image/png' });
      put(ticket, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
      await expect(service.complete(signed(ticket))).rejects.toMatchObject({
        code: ErrorCodes.uploadTooLarge,
        message: 'Please upload an image smaller than 3MB.',
      });
      expect(existsSync(join(storage.root, ticket.key))).toBe(false);
    });

    it.each([
      ['profile', 3145728, 'Please upload an image smaller than 3MB.'],
      ['logo', 5242880, 'Please select an image under 5MB'],
      ['reaction', 5242880, 'Please upload an image smaller than 5MB.'],
      ['message', 10485760, 'Please upload an image smaller than 10MB.'],
    ] as const)(
      'keeps a %s image of exactly %d bytes and deletes one a byte larger with "%s"',
      async (kind, limit, message) => {
        const exact = await service.create(alice, { kind, filename: 'a.png', contentType: 'image/png' });
        put(exact, Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]));
        await expect(service.complete(signed(exact))).resolves.toMatchObject({ size: limit });
        const over = await service.create(alice, { kind, filename: 'a.png', contentType: 'image/png' });
        put(over, Buffer.concat([PNG, Buffer.alloc(limit + 1 - PNG.length)]));
        await expect(service.complete(signed(over))).rejects.toMatchObject({
          code: ErrorCodes.uploadTooLarge,
          message,
        });
        expect(existsSync(join(storage.root, over.key))).toBe(false);
        await expect(service.verify(alice, over.objectPath)).rejects.toMatchObject({ message });
        expect(existsSync(join(storage.root, exact.key))).toBe(true);
      },
    );

    it('refuses a signature made for another key, even one it handed out', async () => {
      const mine = await service.create(alice, { kind: 'message', filename: 'a.png' });
      const other = await service.create(alice, { kind: 'message', filename: 'b.png' });
      put(other, PNG);
      await expect(service.complete({ ...signed(mine), key: other.key })).rejects.toMatchObject({
        code: ErrorCodes.uploadSignature,
      });
    });

    it('refuses a tampered signature', async () => {
      const ticket = await service.create(alice, { kind: 'message', filename: 'a.png' });
      put(ticket, PNG);
      await expect(service.complete({ ...signed(ticket), max: 99999999 })).rejects.toMatchObject({
        code: ErrorCodes.uploadSignature,
      });
    });
  });

  describe('get', () => {
    it('serves a stored object to members of its workspace only', async () => {
      const ticket = await service.create(alice, { kind: 'reaction', filename: 'party.gif' });
      put(ticket, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
      await service.complete(signed(ticket));
      await expect(service.get(bob, ticket.key)).resolves.toMatchObject({
        key: ticket.key,
        contentType: 'image/gif',
        readUrl: null,
      });
      await expect(service.get(carol, ticket.key)).rejects.toMatchObject({ code: ErrorCodes.objectNotFound });
      // removed, and announced: the workspace service's member.removed event drops the cached membership
      workspaces.leave(wsA, bob.userId);
      membership.forget(wsA, bob.userId);
      await expect(service.get(bob, ticket.key)).rejects.toMatchObject({ code: ErrorCodes.objectNotFound });
    });

    it('answers not found for keys that do not exist or are not keys', async () => {
      await expect(service.get(alice, `w/${wsA}/${randomUUID()}.png`)).rejects.toMatchObject({
        code: ErrorCodes.objectNotFound,
      });
      await expect(service.get(alice, '../../etc/passwd')).rejects.toMatchObject({ code: ErrorCodes.objectNotFound });
    });

    it('shows a logo uploaded before its workspace existed to the members of the uploader’s workspace', async () => {
      const founder: Actor = { userId: randomUUID(), workspaceId: null };
      const ticket = await service.create(founder, { kind: 'logo', filename: 'logo.png', contentType: 'image/png' });
      put(ticket, PNG);
      await service.complete(signed(ticket));
      await expect(service.get(founder, ticket.key)).resolves.toMatchObject({ key: ticket.key });
      await expect(service.get(alice, ticket.key)).rejects.toMatchObject({ code: ErrorCodes.objectNotFound });
      workspaces.join(wsA, founder.userId);
      await expect(service.get(alice, ticket.key)).resolves.toMatchObject({ key: ticket.key });
      await expect(service.get(carol, ticket.key)).rejects.toMatchObject({ code: ErrorCodes.objectNotFound });
    });
  });

  describe('verify', () => {
    it('accepts the stored address of a valid upload and reports a rejected one as failed', async () => {
      const good = await service.create(alice, { kind: 'message', filename: 'a.jpg' });
      put(good, JPEG);
      await expect(service.verify(alice, `http://localhost:3000${good.objectPath}`)).resolves.toMatchObject({
        key: good.key,
        size: JPEG.length,
      });
      const big = await service.create(alice, { kind: 'reaction', filename: 'a.jpg' });
      put(big, Buffer.concat([JPEG, Buffer.alloc(5242880)]));
      await expect(service.verify(alice, big.objectPath)).rejects.toMatchObject({ code: ErrorCodes.uploadTooLarge });
      await expect(service.verify(alice, big.objectPath)).rejects.toMatchObject({ code: ErrorCodes.uploadTooLarge });
      await expect(service.verify(alice, 'https://example.com/cat.png')).rejects.toMatchObject({
        code: ErrorCodes.uploadInvalid,
      });
    });
  });

  describe('on a store whose upload URL can replace a stored object until it expires (S3)', () => {
    class OverwritableStorage extends LocalObjectStorage {
      override readonly overwritable = true;
    }
    const expiry = (ticket: UploadTicket) => new Date(ticket.expiresAt).getTime();
    const row = (ticket: UploadTicket) => ds.getRepository(UploadEntity).findOneByOrFail({ key: ticket.key });

    beforeEach(async () => {
      storage = new OverwritableStorage(join(dir, randomUUID()), 'a-test-secret-that-is-long-enough-0123456789');
      await storage.init();
      service = new UploadService(ds.getRepository(UploadEntity), storage, membership, new AttachmentAudience(bus));
    });

    it('checks the object again on every read while the URL can write, and deletes a replacement over the limit', async () => {
      const ticket = await service.create(alice, { kind: 'reaction', filename: 'a.png' });
      put(ticket, PNG);
      await expect(service.get(bob, ticket.key)).resolves.toMatchObject({ size: PNG.length });
      expect((await row(ticket)).recheckAt?.getTime()).toBe(expiry(ticket) + RECHECK_SLACK_MS);
      // the same URL PUT again: S3 replaces the object that was already checked
      put(ticket, Buffer.concat([PNG, Buffer.alloc(5242880)]));
      await expect(service.get(bob, ticket.key)).rejects.toMatchObject({ code: ErrorCodes.objectNotFound });
      expect(existsSync(join(storage.root, ticket.key))).toBe(false);
      await expect(service.verify(alice, ticket.objectPath)).rejects.toMatchObject({
        code: ErrorCodes.uploadTooLarge,
        message: 'Please upload an image smaller than 5MB.',
      });
      // and again, with a valid image, while the URL is still valid
      put(ticket, PNG);
      await expect(service.verify(alice, ticket.objectPath)).resolves.toMatchObject({ size: PNG.length });
    });

    it('has the sweeper check it once more after the URL expired, then treats the answer as final', async () => {
      const kept = await service.create(alice, { kind: 'message', filename: 'a.png' });
      const replaced = await service.create(alice, { kind: 'message', filename: 'b.png' });
      for (const t of [kept, replaced]) {
        put(t, PNG);
        await service.verify(alice, t.objectPath);
      }
      put(replaced, JPEG);
      expect(await service.sweep(new Date(expiry(kept) + RECHECK_SLACK_MS - 1000))).toBe(0);
      expect(await service.sweep(new Date(expiry(replaced) + RECHECK_SLACK_MS + 1000))).toBe(2);
      expect(await row(kept)).toMatchObject({ status: 'stored', recheckAt: null });
      expect(await row(replaced)).toMatchObject({ status: 'rejected', recheckAt: null });
      expect(existsSync(join(storage.root, replaced.key))).toBe(false);
      expect(await service.sweep(new Date(expiry(replaced) + RECHECK_SLACK_MS + 1000))).toBe(0);
      await expect(service.get(alice, kept.key)).resolves.toMatchObject({ size: PNG.length });
    });

    it('answers at once on the driver whose URLs cannot write twice (local)', async () => {
      const local = new UploadService(
        ds.getRepository(UploadEntity),
        new LocalObjectStorage(storage.root, 'a-test-secret-that-is-long-enough-0123456789'),
        membership,
        new AttachmentAudience(bus),
      );
      const ticket = await local.create(alice, { kind: 'message', filename: 'a.png' });
      put(ticket, PNG);
      await local.complete(signed(ticket));
      expect(await row(ticket)).toMatchObject({ status: 'stored', recheckAt: null });
    });
  });

  describe('sweep', () => {
    it('settles long-expired uploads: keeps good ones, deletes bad ones, marks never-uploaded ones abandoned', async () => {
      const good = await service.create(alice, { kind: 'message', filename: 'a.png' });
      const bad = await service.create(alice, { kind: 'message', filename: 'b.png' });
      const never = await service.create(alice, { kind: 'message', filename: 'c.png' });
      put(good, PNG);
      put(bad, Buffer.from('<html><script>alert(1)</script></html>'));
      expect(await service.sweep(new Date())).toBe(0);
      expect(await service.sweep(new Date(Date.now() + 300_000 + SWEEP_GRACE_MS + 1000))).toBe(3);
      const statuses = Object.fromEntries((await ds.getRepository(UploadEntity).find()).map((u) => [u.key, u.status]));
      expect(statuses).toEqual({ [good.key]: 'stored', [bad.key]: 'rejected', [never.key]: 'abandoned' });
      expect(existsSync(join(storage.root, bad.key))).toBe(false);
      expect(existsSync(join(storage.root, good.key))).toBe(true);
    });
  });
});
