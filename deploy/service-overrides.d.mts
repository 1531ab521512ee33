// Types of deploy/service-overrides.mjs for the TypeScript tests that import it.
export declare const RUNBOOK_BASE_URL: string;
export declare const SERVICE_DEFAULTS: {
  resources: { requests: { cpu: string; memory: string }; limits: { cpu: string; memory: string } };
  minReplicas: number;
  maxReplicas: number;
};
export declare const SERVICE_OVERRIDES: Record<string, unknown>;
