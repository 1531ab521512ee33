import request from 'supertest';

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
