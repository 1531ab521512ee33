// Users per gateway vCPU: the k6 chat scenario's users (bench/k6-mirror/chat.mjs, same action mix and think time)
// added in steps against one gateway until a threshold fails (HTTP p95 < 200 ms, delivery p95 < 100 ms, errors
// < 0.1 %); each step is measured over a fixed window once all its users have joined, with the CPU the gateway process
// used in that window. One account per user, in workspaces of `perWorkspace` members.
import { Metrics, seedWorkspace, sleep } from '../k6-mirror/lib.mjs';
import { chatUser } from '../k6-mirror/chat.mjs';
import { cpuSecondsOf } from './servers.mjs';

export const USER_THRESHOLDS = { httpP95Ms: 200, deliveryP95Ms: 100, errorRate: 0.001 };
const SIGNING_IN = 10;
/**
 * Coarse where every step holds, then 100 users at a time from 800 up: the step that fails is where the machine's
 * ceiling lies, and a jump of 400 users there reported the step far below it.
 */
export const DEFAULT_STEPS = [50, 100, 200, 400, 600, 800, 900, 1000, 1100, 1200, 1300, 1400, 1500, 1600, 1800, 2000];

const verdictOf = (s) => {
  const checksTotal = s.checksPass + s.checksFail;
  const errorRate = Math.max(s.http_req_failed, checksTotal ? s.checksFail / checksTotal : 0);
  const failed = [];
  if (!(s.http_req_duration_p95 < USER_THRESHOLDS.httpP95Ms)) failed.push('HTTP p95');
  if (!(s.message_delivery_count > 0 && s.message_delivery_ms_p95 < USER_THRESHOLDS.deliveryP95Ms))
    failed.push('delivery p95');
  if (!(errorRate < USER_THRESHOLDS.errorRate)) failed.push('errors');
  return { errorRate, failed };
};

/**
 * Ramps chat users against `product` (its `url` and `gatewayPid`) through `steps` (user counts, ascending) until a step
 * fails a threshold, a step's users cannot all join, or `budgetS` has passed. Resolves with one row per step.
 */
export const rampUsers = async ({
  product,
  steps = DEFAULT_STEPS,
  windowS = 15,
  budgetS = 480,
  perWorkspace = 25,
  channels = 5,
  sessionS = 20,
  thinkMinMs = 1000,
  thinkMaxMs = 3000,
  log = () => undefined,
}) => {
  const base = product.url;
  const runId = `h${Date.now().toString(36)}`;
  const metrics = new Metrics();
  const seats = [];
  const vus = [];
  const rows = [];
  let workspaceCount = 0;
  let joined = 0;
  let running = true;
  let stoppedBy = 'last step passed';
  const started = Date.now();
  /**
   * CPU seconds of the gateway and of every process of the product (cluster: the gateway and the six services;
   * standalone: its one process), read at one instant.
   */
  const cpuNow = () => {
    const each = product.pids.map((pid) => [pid, cpuSecondsOf(pid)]);
    return {
      gateway: each.find(([pid]) => pid === product.gatewayPid)[1],
      product: each.reduce((sum, [, seconds]) => sum + seconds, 0),
    };
  };

  /** Seeds workspaces (three at a time) until there is an account for every user of the step. */
  const seedFor = async (users) => {
    while (seats.length < users) {
      const batch = Math.min(3, Math.ceil((users - seats.length) / perWorkspace));
      const seeded = await Promise.all(
        Array.from({ length: batch }, () => {
          const setup = new Metrics();
          const index = workspaceCount++;
          return seedWorkspace(setup, { runId, index, members: perWorkspace, channels, base }).then((w) => {
            if (setup.checks.fail > 0)
              throw new Error(`seeding workspace ${index} failed: ${JSON.stringify(setup.summary().failed_checks)}`);
            return w;
          });
        }),
      );
      for (const workspace of seeded) for (const seat of workspace.users) seats.push({ workspace, seat });
    }
  };

  try {
    for (const users of steps) {
      if (rows.length > 0 && (Date.now() - started) / 1000 > budgetS) {
        stoppedBy = `time budget of ${budgetS} s`;
        break;
      }
      log(`users: seeding and signing in ${users} users`);
      await seedFor(users);
      const joinBy = Date.now() + 30000 + users * 100;
      for (let i = vus.length; i < users; i++) {
        // at most SIGNING_IN users between sign-in and joined, as k6 ramps its users in rather than all at once: a
        // burst of argon2 checks would otherwise queue past the bus timeout
        while (i - joined >= SIGNING_IN && Date.now() < joinBy) await sleep(20);
        vus.push(
          chatUser({
            metrics,
            base,
            workspace: seats[i].workspace,
            seat: seats[i].seat,
            vu: i + 1,
            sessionMs: sessionS * 1000,
            thinkMinMs,
            thinkMaxMs,
            running: () => running,
            onJoined: () => joined++,
          }),
        );
      }
      while (joined < users && Date.now() < joinBy) await sleep(200);
      if (joined < users) {
        const failedChecks = JSON.stringify(metrics.summary().failed_checks);
        rows.push({ users, joined, failed: ['users could not all join'] });
        stoppedBy = `only ${joined} of ${users} users joined in time (failed checks: ${failedChecks})`;
        break;
      }
      // let the sign-ins settle, then measure a window
      await sleep(2000);
      metrics.reset();
      const cpu0 = cpuNow();
      const self0 = process.cpuUsage();
      const t0 = performance.now();
      await sleep(windowS * 1000);
      const seconds = (performance.now() - t0) / 1000;
      const cpu = cpuNow();
      const gatewayCores = (cpu.gateway - cpu0.gateway) / seconds;
      const productCores = (cpu.product - cpu0.product) / seconds;
      const self = process.cpuUsage(self0);
      const s = metrics.summary();
      const summary = { ...s, checksPass: metrics.checks.pass, checksFail: metrics.checks.fail };
      const { errorRate, failed } = verdictOf(summary);
      const row = {
        users,
        joined,
        seconds,
        httpRps: s.http_reqs / seconds,
        httpP95: s.http_req_duration_p95,
        slowestRoute: Object.entries(s.http_req_duration_p95_by_route).sort((a, b) => b[1] - a[1])[0] ?? null,
        routesP95: s.http_req_duration_p95_by_route,
        deliveryP95: s.message_delivery_ms_p95,
        deliveries: s.message_delivery_count,
        errorRate,
        /** Failed checks by name (`route: status`, or what a socket check wanted), so an error step says what failed. */
        failedChecks: s.failed_checks,
        gatewayCores,
        usersPerCore: users / gatewayCores,
        productCores,
        usersPerProductCore: users / productCores,
        loadGeneratorCores: (self.user + self.system) / 1e6 / seconds,
        failed,
      };
      rows.push(row);
      const byRoute = Object.entries(row.routesP95)
        .map(([route, p95]) => `${route} ${p95.toFixed(0)}`)
        .join(', ');
      log(
        `users: ${users} users, ${row.httpRps.toFixed(0)} HTTP req/s, p95 ${row.httpP95.toFixed(0)} ms (${byRoute}), delivery p95 ${row.deliveryP95.toFixed(0)} ms, gateway ${row.gatewayCores.toFixed(2)} cores${failed.length ? `, failed: ${failed.join(', ')}` : ''}${
          Object.keys(row.failedChecks).length ? ` (failed checks: ${JSON.stringify(row.failedChecks)})` : ''
        }`,
      );
      if (failed.length) {
        stoppedBy = `${failed.join(', ')} failed at ${users} users`;
        break;
      }
    }
  } finally {
    running = false;
    // users stop after their current think time and close their sockets
    await Promise.race([Promise.all(vus), sleep(thinkMaxMs + 10000)]);
  }
  const held = [...rows].reverse().find((r) => r.failed.length === 0) ?? null;
  return {
    rows,
    held,
    stoppedBy,
    options: { steps, windowS, budgetS, perWorkspace, thinkMinMs, thinkMaxMs, sessionS },
  };
};
