// Preloaded into the benchmark's node processes (with --expose-gc): SIGUSR2 runs a full GC, so RSS samples taken
// before and after opening the sockets compare live memory rather than garbage not yet collected.
process.on('SIGUSR2', () => globalThis.gc?.());
