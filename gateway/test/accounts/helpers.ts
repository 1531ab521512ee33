import request from 'supertest';
import WebSocket from 'ws';
import { imageAddressFromUploadUrl } from '@teamchat/contracts';

let counter = 0;

/** A unique, valid signup body. */
export const signupBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${tag}@example.com`,
    password: 'correct horse battery',
    companySize: '2-5',
    ...overrides,
  };
};

export type Agent = request.Agent;

/** Registers a new user and returns a cookie-keeping agent signed in as them. */
export const signUp = async (url: string, overrides: Record<string, unknown> = {}, ip = '10.9.0.1') => {
  const body = signupBody(overrides);
  const agent = request.agent(url).set('x-forwarded-for', ip);
  const res = await agent.post('/api/register').send(body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0];
  return { agent, user: res.body as { id: string; username: string; email: string }, body, cookie };
};

/** A signed-in user with a fresh workspace they administer. */
export const adminWithWorkspace = async (url: string, name = 'Acme', ip?: string) => {
  const signed = await signUp(url, {}, ip);
  const ws = await signed.agent.post('/api/workspaces').send({ name });
  if (ws.status !== 201) throw new Error(`workspace failed: ${ws.status} ${JSON.stringify(ws.body)}`);
  return { ...signed, workspace: ws.body as { id: string; name: string } };
};

/** Joins the admin's current workspace through a fresh invite, as a new account. */
export const joinAsMember = async (
  url: string,
  admin: Agent,
  overrides: Record<string, unknown> = {},
  ip = '10.9.0.1',
) => {
  const invite = await admin.post('/api/invites').send({});
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${JSON.stringify(invite.body)}`);
  const agent = request.agent(url).set('x-forwarded-for', ip);
  const body = signupBody(overrides);
  const res = await agent.post(`/api/invites/${invite.body.token}/accept`).send({
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    password: body.password,
  });
  if (res.status !== 201) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0];
  return { agent, user: res.body as { id: string; username: string; email: string }, body, cookie };
};

/** The first bytes of a PNG, then padding: what the media checks look at. */
export const pngBytes = (size = 256) =>
  Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(Math.max(0, size - 8), 7)]);

/**
 * Uploads an image the way the SPA does (spec 1 §7): an upload URL (`kind` as given; none is what the spec's call
 * sends), a PUT of the bytes straight to it, and the address it derives (`imageAddressFromUploadUrl`).
 */
export const uploadImage = async (
  agent: Agent,
  options: { kind?: 'profile' | 'logo'; bytes?: Buffer; contentType?: string } = {},
) => {
  const ticket = await agent
    .post('/api/upload-url')
    .send({ filename: 'image.png', contentType: 'image/png', ...(options.kind ? { kind: options.kind } : {}) });
  if (ticket.status !== 200) throw new Error(`upload-url failed: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  const { uploadUrl, objectPath } = ticket.body as { uploadUrl: string; objectPath: string };
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    body: options.bytes ?? pngBytes(),
    headers: { 'content-type': options.contentType ?? 'image/png' },
  });
  return { uploadUrl, objectPath, address: imageAddressFromUploadUrl(uploadUrl), putStatus: put.status };
};

/** A socket opened with a session cookie (rejects with the status when the upgrade is refused). */
export const openSocket = (url: string, cookie: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { cookie } });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });

/** How the socket ends: its close code and reason. */
export const closeOf = (ws: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
