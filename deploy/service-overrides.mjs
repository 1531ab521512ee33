// What a deployed service needs beyond what every service gets: the few lines in which the Kubernetes manifests
// (deploy/k8s/base/services/<name>.yaml) and docker-compose.yml differ from one service to the next. The services
// themselves are the keys of libs/contracts/services.json; one missing here gets the defaults.
// After editing this file or services.json: `node scripts/deploy-gen.mjs` rewrites the generated parts.

/**
 * @typedef {{
 *   name: string,
 *   from: 'config' | 'secret',
 *   optional?: boolean,
 *   compose: string,
 *   note?: string,
 * }} ServiceEnv
 *   A variable only this service reads: in Kubernetes from the `teamchat-config` ConfigMap or the
 *   `teamchat-secrets` Secret (under its own name), in docker-compose the `compose` value (YAML, may interpolate),
 *   preceded by `note` as a comment.
 * @typedef {{ cpu: string, memory: string }} Quantity
 * @typedef {{
 *   why?: string,
 *   env?: ServiceEnv[],
 *   resources?: { requests: Quantity, limits: Quantity },
 *   maxReplicas?: number,
 *   composeDependsOn?: Record<string, string>,
 * }} ServiceOverride
 */

/**
 * Where the runbooks are read: the published deploy/k8s/README.md, whose "Runbooks" headings are the anchors. Every
 * alert's `runbook_url` is this base plus `#<alert name in lower case>`, in the PrometheusRule and in the rule file
 * compose's Prometheus loads. A fork or an internal mirror changes it here and runs `node scripts/deploy-gen.mjs`.
 */
export const RUNBOOK_BASE_URL = 'https://github.com/teamchat/teamchat/blob/main/deploy/k8s/README.md';

/** Requests and limits of a service container, and its HPA ceiling, unless its entry says otherwise. */
export const SERVICE_DEFAULTS = {
  resources: { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '500m', memory: '384Mi' } },
  minReplicas: 2,
  maxReplicas: 4,
};

/** @type {Record<string, ServiceOverride>} */
export const SERVICE_OVERRIDES = {
  identity: {
    why: 'argon2id hashing makes sign-up and login CPU-bound',
    env: [
      { name: 'MAIL_FROM', from: 'config', compose: '${MAIL_FROM:-TeamChat <no-reply@teamchat.local>}' },
      {
        name: 'SMTP_URL',
        from: 'secret',
        optional: true,
        compose: '${SMTP_URL:-}',
        note: "empty: password reset links are written to this service's log; set it to mail them",
      },
    ],
    resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    maxReplicas: 6,
  },
  chat: {
    resources: { requests: { cpu: '200m', memory: '256Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    maxReplicas: 10,
  },
  billing: {
    env: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'].map((name, i) => ({
      name,
      from: /** @type {const} */ ('secret'),
      optional: true,
      compose: `\${${name}:-}`,
      note: i === 0 ? 'empty: the offline payment provider; set these to use Stripe' : undefined,
    })),
  },
  media: {
    env: [
      { name: 'STORAGE_DRIVER', from: 'config', compose: 's3' },
      { name: 'S3_ENDPOINT', from: 'config', compose: 'http://minio:9000' },
      {
        name: 'S3_PUBLIC_ENDPOINT',
        from: 'config',
        compose: '${S3_PUBLIC_ENDPOINT:-http://localhost:9000}',
        note: "presigned upload URLs name this host: the browser's way to MinIO (its published port), not the network's",
      },
      { name: 'S3_REGION', from: 'config', compose: 'us-east-1' },
      { name: 'S3_BUCKET', from: 'config', compose: 'teamchat' },
      { name: 'S3_ACCESS_KEY', from: 'secret', compose: '${S3_ACCESS_KEY:-teamchat}' },
      { name: 'S3_SECRET_KEY', from: 'secret', compose: '${S3_SECRET_KEY:-teamchat-minio-secret}' },
      {
        name: 'UPLOAD_SIGNING_SECRET',
        from: 'secret',
        compose: '${UPLOAD_SIGNING_SECRET:-compose-only-upload-secret-change-me-0123456789}',
        note: 'signs upload URLs when STORAGE_DRIVER=local',
      },
    ],
    composeDependsOn: { 'minio-setup': 'service_completed_successfully' },
  },
};
