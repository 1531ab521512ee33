// signup.js: new customers signing up with the offline payment provider: account, 3-day trial subscription, test card,
// payment poll, first workspace, and its default channel. The default rate stays under the gateway's default sign-up
// limit of 100 attempts per client address per 10 minutes (AUTH_RATE_LIMIT_PER_IP; see README.md).
//   k6 run -e BASE_URL=https://chat.example.com deploy/k6/signup.js
import { check } from 'k6';
import { BASE_THRESHOLDS, api, createWorkspace, expect, listChannels, signUp } from './lib/api.js';

const SIZES = ['2-5', '6-15', '16-50', '51-200', '201-500', '1000+'];

export const options = {
  scenarios: {
    signup: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 8),
      timeUnit: '1m',
      duration: __ENV.DURATION || '5m',
      preAllocatedVUs: Number(__ENV.VUS || 4),
      maxVUs: Number(__ENV.MAX_VUS || 20),
    },
  },
  thresholds: BASE_THRESHOLDS,
};

export default function () {
  const email = `k6-signup-${Date.now().toString(36)}-${__VU}-${__ITER}@example.com`;
  const user = signUp({ email, companySize: SIZES[__ITER % SIZES.length] });
  if (!user) return;
  const workspace = createWorkspace(`k6 signup ${__VU}-${__ITER}`);
  if (!workspace) return;
  expect(
    api('GET', '/api/auth/user'),
    200,
    'signed in with the new workspace',
    (u) => u.workspaceId === workspace.id && u.paymentCompleted === true,
  );
  check(listChannels(), { 'new workspace has #general': (list) => list.some((c) => c.name === 'general') });
}
