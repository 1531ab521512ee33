// zod compiles a fast parser for each object schema when the schema is built, after probing `new Function` once; the
// Content-Security-Policy (no 'unsafe-eval') refuses that probe and the browser reports a violation on every load.
// This classic deferred script runs before the app's module and tells zod to parse without compiling.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
