// The workspace packages in build order (dependencies first).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
export const SERVICES = ['identity', 'workspace', 'chat', 'tasks', 'billing', 'media'];
export const SERVER_PACKAGES = [
  'libs/contracts',
  'libs/observability',
  'libs/config',
  'libs/bus',
  'libs/database',
  ...SERVICES.map((s) => `services/${s}`),
  'gateway',
  'deploy/standalone',
  'libs/testing',
];

export const isBuilt = (pkg) => existsSync(join(root, pkg, 'dist', 'index.js'));
export const webBuilt = () => existsSync(join(root, 'web', 'dist', 'index.html'));
