import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DataSource } from 'typeorm';
import { busMembershipSource, WorkspaceMembership } from '@teamchat/service-kit';
import { ErrorCodes, FILE_MAX_BYTES, type Actor, type UploadTicket } from '@teamchat/contracts';
import { openDataSource } from '@teamchat/database';
import { FakeBus, FakeWorkspaces } from '@teamchat/test-fakes';
import { createTestDatabase, type TestDatabase } from '@teamchat/testing/postgres';
import { mediaEntities } from '../media.entities.js';
import { mediaMigrations } from '../migrations/index.js';
import { LocalObjectStorage } from '../storage/local.storage.js';
import { AttachmentAudience } from './attachment-audience.js';
import { UploadEntity } from './upload.entity.js';
import { RECHECK_SLACK_MS, UploadService } from './upload.service.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

// Message attachments of any type (kind `file`): typed and named when the URL is handed out, held to 25MB, never sniffed.
describe('UploadService: file attachments', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let dir: string;
  let storage: LocalObjectStorage;
  let service: UploadService;
  const ws = randomUUID();
  const bus = new FakeBus();
  const workspaces = new FakeWorkspaces(bus);
  let alice: Actor;

  const membership = () => new WorkspaceMembership(busMembershipSource(bus));
  const put = (ticket: UploadTicket, bytes: Buffer) => {
    const file = join(storage.root, ticket.key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  };
  /** A file of `size` bytes that takes no memory or disk (sparse): the limit is tested without 25MB of bytes. */
  const putSparse = (ticket: UploadTicket, size: number) => {
    put(ticket, Buffer.alloc(0));
    truncateSync(join(storage.root, ticket.key), size);
  };
  const signed = (ticket: UploadTicket) => {
    const q = new URL(ticket.uploadUrl, 'http://x').searchParams;
    return {
      kind: 'file' as const,
      key: ticket.key,
      expires: Number(q.get('expires')),
      max: Number(q.get('max')),
      type: q.get('type')!,
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
    dir = mkdtempSync(join(tmpdir(), 'media-files-spec-'));
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    storage = new LocalObjectStorage(join(dir, randomUUID()), SECRET);
    await storage.init();
    service = new UploadService(ds.getRepository(UploadEntity), storage, membership(), new AttachmentAudience(bus));
    alice = workspaces.join(ws, randomUUID());
  });

  afterEach(() => bus.verify());

  it('hands out a 25MB URL under /attachments for a random .bin key, typed by the name before the declared type', async () => {
    const ticket = await service.create(alice, {
      kind: 'file',
      filename: 'C:\\Users\\ada\\Q3 report.PDF',
      contentType: 'text/html',
    });
    expect(ticket.key).toMatch(new RegExp(`^w/${ws}/[0-9a-f-]{36}\\.bin$`));
    expect(ticket.objectPath).toBe(`/attachments/${ticket.key}`);
    expect(ticket.maxBytes).toBe(FILE_MAX_BYTES);
    expect(ticket.contentType).toBe('application/pdf');
    const row = await ds.getRepository(UploadEntity).findOneByOrFail({ key: ticket.key });
    // no folders from the browser's path, and the name as the user sees it
    expect(row).toMatchObject({ kind: 'file', filename: 'Q3 report.PDF', contentType: 'application/pdf' });
  });

  it.each([
    ['data.qqq', 'Application/Vnd.Thing+JSON; charset=utf-8', 'application/vnd.thing+json'],
    ['data.qqq', 'not a type', 'application/octet-stream'],
    ['README', undefined, 'application/octet-stream'],
    ['book.xlsx', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ])('types %s declared as %s as %s', async (filename, contentType, type) => {
    expect((await service.create(alice, { kind: 'file', filename, contentType })).contentType).toBe(type);
  });

  it('refuses a file announced over 25MB before handing out a URL', async () => {
    await expect(
      service.create(alice, { kind: 'file', filename: 'big.iso', size: FILE_MAX_BYTES + 1 }),
    ).rejects.toMatchObject({ code: ErrorCodes.validation, message: 'Please upload a file smaller than 25MB.' });
    await expect(
      service.create(alice, { kind: 'file', filename: 'big.iso', size: FILE_MAX_BYTES }),
    ).resolves.toBeDefined();
  });

  it('keeps any bytes (even none) within the limit, never sniffed, and reports the recorded name', async () => {
    const ticket = await service.create(alice, { kind: 'file', filename: 'page.html' });
    put(ticket, Buffer.from('<html><script>alert(1)</script></html>'));
    await expect(service.complete(signed(ticket))).resolves.toEqual({
      key: ticket.key,
      kind: 'file',
      contentType: 'text/html',
      size: 38,
      objectPath: ticket.objectPath,
      name: 'page.html',
    });
    const empty = await service.create(alice, { kind: 'file', filename: 'empty.txt' });
    put(empty, Buffer.alloc(0));
    await expect(service.verify(alice, empty.objectPath)).resolves.toMatchObject({ size: 0, name: 'empty.txt' });
  });

  it('keeps exactly 25MB and deletes a byte more with "Please upload a file smaller than 25MB."', async () => {
    const exact = await service.create(alice, { kind: 'file', filename: 'a.zip' });
    putSparse(exact, FILE_MAX_BYTES);
    await expect(service.complete(signed(exact))).resolves.toMatchObject({ size: FILE_MAX_BYTES });
    const over = await service.create(alice, { kind: 'file', filename: 'b.zip' });
    putSparse(over, FILE_MAX_BYTES + 1);
    await expect(service.complete(signed(over))).rejects.toMatchObject({
      code: ErrorCodes.uploadTooLarge,
      message: 'Please upload a file smaller than 25MB.',
    });
    expect(existsSync(join(storage.root, over.key))).toBe(false);
    await expect(service.verify(alice, over.objectPath)).rejects.toMatchObject({ code: ErrorCodes.uploadTooLarge });
  });

  it('on S3, where a presigned PUT cannot be capped, deletes a replacement over 25MB when it checks again', async () => {
    class OverwritableStorage extends LocalObjectStorage {
      override readonly overwritable = true;
    }
    storage = new OverwritableStorage(join(dir, randomUUID()), SECRET);
    await storage.init();
    service = new UploadService(ds.getRepository(UploadEntity), storage, membership(), new AttachmentAudience(bus));
    const ticket = await service.create(alice, { kind: 'file', filename: 'c.tar' });
    put(ticket, Buffer.from('small'));
    await expect(service.verify(alice, ticket.objectPath)).resolves.toMatchObject({ size: 5 });
    putSparse(ticket, FILE_MAX_BYTES + 1);
    await expect(service.get(alice, ticket.key)).rejects.toMatchObject({ code: ErrorCodes.objectNotFound });
    expect(existsSync(join(storage.root, ticket.key))).toBe(false);
    const row = await ds.getRepository(UploadEntity).findOneByOrFail({ key: ticket.key });
    expect(row.recheckAt?.getTime()).toBe(new Date(ticket.expiresAt).getTime() + RECHECK_SLACK_MS);
  });
});
