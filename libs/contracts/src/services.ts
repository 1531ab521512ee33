/** The six services; each is a NATS queue group and a Postgres schema of the same name. */
export const SERVICE_NAMES = ['identity', 'workspace', 'chat', 'tasks', 'billing', 'media'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
