import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '@teamchat/test-stack';

const here = new URL('.', import.meta.url).pathname;

interface Summary {
  http_reqs: number;
  http_req_failed: number;
  http_req_duration_p95: number;
  http_req_duration_p95_by_route: Record<string, number>;
  checks: number;
  failed_checks: Record<string, number>;
  message_delivery_count: number;
  message_delivery_ms_p95: number;
  counters: Record<string, number>;
  thresholds: Record<string, boolean>;
}

/** Runs one mirror script against the stack and returns the summary line it prints. */
const mirror = (script: string, url: string, env: Record<string, string>) =>
  new Promise<{ code: number | null; summary: Summary; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, script)], { env: { ...process.env, BASE_URL: url, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('{"http_reqs"'));
      if (!line) reject(new Error(`${script} printed no summary:\n${output}`));
      else resolve({ code, summary: JSON.parse(line) as Summary, output });
    });
  });

// Latency thresholds depend on the machine (CI shares two cores between suites): the mirrors report them; these
// tests check that each workload runs as the k6 scenario does, with every request and check succeeding.
describe('k6 mirrors (bench/k6-mirror)', () => {
  let stack: TestStack;
  const webDist = mkdtempSync(join(tmpdir(), 'k6-mirror-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  beforeAll(async () => {
    stack = await startTestStack({ webDist });
  }, 120000);
  afterAll(async () => {
    await stack?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('smoke: every path answers and a socket message comes back', async () => {
    const { summary } = await mirror('smoke.mjs', stack.url, { ITERATIONS: '2' });
    expect(summary.failed_checks).toEqual({});
    expect(summary.http_req_failed).toBe(0);
    expect(summary.message_delivery_count).toBe(2);
    expect(Object.keys(summary.thresholds)).toEqual([
      'http_req_failed rate<0.01',
      'http_req_duration p(95)<200',
      'checks rate>0.99',
      'message_delivery_ms p(95)<100',
    ]);
  }, 60000);

  it('chat: members of two workspaces chat; posts reach the other members’ sockets', async () => {
    const { summary } = await mirror('chat.mjs', stack.url, {
      VUS: '6',
      WORKSPACES: '2',
      CHANNELS: '2',
      DURATION_S: '8',
      SESSION_S: '4',
      THINK_MIN: '0.05',
      THINK_MAX: '0.15',
    });
    expect(summary.failed_checks).toEqual({});
    expect(summary.http_req_failed).toBe(0);
    expect(summary.message_delivery_count).toBeGreaterThan(0);
    expect(Object.keys(summary.http_req_duration_p95_by_route)).toEqual(
      expect.arrayContaining(['/api/login', '/api/channels/{id}/messages', '/api/channels/{id}/read']),
    );
  }, 90000);

  it('search: every query over the corpus finds messages', async () => {
    const { summary } = await mirror('search.mjs', stack.url, { CORPUS: '40', RATE: '10', DURATION_S: '3' });
    expect(summary.failed_checks).toEqual({});
    expect(summary.http_req_failed).toBe(0);
    expect(summary.http_req_duration_p95_by_route['/api/messages/search']).toBeGreaterThan(0);
  }, 60000);

  it('signup: the wizard with the offline provider ends in a workspace with #general', async () => {
    const { summary } = await mirror('signup.mjs', stack.url, { RATE: '60', DURATION_S: '3' });
    expect(summary.failed_checks).toEqual({});
    expect(summary.http_req_failed).toBe(0);
    expect(summary.http_reqs).toBeGreaterThanOrEqual(3 * 7);
  }, 60000);

  it('refuses to target anything but this machine', async () => {
    await expect(mirror('smoke.mjs', 'http://example.com', {})).rejects.toThrow('BASE_URL must point at this machine');
  });
});
