// The processes the one image can run, chosen by the container's first argument (see entrypoint.mjs). Paths are
// relative to the image's working directory, which is the repository root; each `dist/*.js` is built from the
// `src/*.ts` of the same name by `npm run build`.

/** The six services, in the order the product lists them (libs/contracts SERVICE_NAMES). */
export const SERVICES = ['identity', 'workspace', 'chat', 'tasks', 'billing', 'media'];

/** Port each long-running process listens on: the gateway's HTTP port, or a service's metrics and health port. */
export const GATEWAY_PORT = 3000;
export const METRICS_PORT = 9464;

/**
 * @typedef {{ entry: string, kind: 'gateway' | 'service' | 'standalone' | 'job', port?: number }} ProcessSpec
 * @type {Record<string, ProcessSpec>}
 */
export const PROCESSES = {
  gateway: { entry: 'gateway/dist/main.js', kind: 'gateway', port: GATEWAY_PORT },
  ...Object.fromEntries(
    SERVICES.map((name) => [name, { entry: `services/${name}/dist/main.js`, kind: 'service', port: METRICS_PORT }]),
  ),
  standalone: { entry: 'deploy/standalone/dist/main.js', kind: 'standalone', port: GATEWAY_PORT },
  migrate: { entry: 'deploy/docker/migrate.mjs', kind: 'job' },
};
