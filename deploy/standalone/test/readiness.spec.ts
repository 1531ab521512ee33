import request from 'supertest';
import { startTestStack, type TestStack } from '@teamchat/test-stack';

describe('gateway readiness', () => {
  let partial: TestStack | undefined;
  let empty: TestStack | undefined;

  afterAll(async () => {
    await partial?.close();
    await empty?.close();
  });

  it('stays ready when one service is down, naming what does not answer', async () => {
    // the default bus timeout: a missing service is answered at once (no responders), while a sign-up's password hash
    // on a loaded machine may take longer than a short timeout would allow
    partial = await startTestStack({ services: ['identity', 'workspace', 'tasks', 'billing', 'media'] });
    const res = await request(partial.url).get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.details.bus).toEqual({ status: 'up', services: 5, unreachable: ['chat'] });
    // the missing service's routes answer 503, not a hang
    const agent = request.agent(partial.url);
    const reg = await agent
      .post('/api/register')
      .send({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'password123', companySize: '2-5' });
    expect(reg.status).toBe(201);
    await agent.post('/api/workspaces').send({ name: 'Engines' });
    const asked = Date.now();
    const channels = await agent.get('/api/channels');
    expect(channels.status).toBe(503);
    expect(Date.now() - asked).toBeLessThan(4000);
    expect(channels.body).toEqual({ error: 'Service unavailable', code: 'BUS.UNAVAILABLE' });
  }, 60000);

  it('is not ready (503) when no service answers over the bus', async () => {
    empty = await startTestStack({ services: [], env: { BUS_TIMEOUT_MS: '300' } });
    const res = await request(empty.url).get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.body.details.bus.status).toBe('down');
  }, 60000);
});
