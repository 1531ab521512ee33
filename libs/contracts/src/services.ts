// The list of services lives in ../services.json (what each one owns, by name, in the order the product lists them),
// so the build, cluster and Docker scripts, which run before any TypeScript is compiled, read the same list.
import services from '../services.json' with { type: 'json' };

/** A service's name: its NATS queue group and its Postgres schema. */
export type ServiceName = keyof typeof services;

/** Every service, in the order the product lists them. */
export const SERVICE_NAMES: readonly ServiceName[] = Object.keys(services).filter(
  (name): name is ServiceName => name in services,
);
