export * from './data-source.js';
export * from './database.module.js';
export * from './embedded-postgres.js';
export * from './prepared-statements.js';
export * from './row-shapes.js';
import { shareRowShapes } from './row-shapes.js';

// once per process, when it loads: every service reaches Postgres through this library (a cluster gateway, whose
// session store uses pg directly, keeps pg's own)
shareRowShapes();
