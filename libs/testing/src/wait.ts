/** Polls until `check` returns a truthy value or the deadline passes. */
export const waitFor = async <T>(
  check: () => T | Promise<T>,
  { timeoutMs = 5000, intervalMs = 20 } = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`waitFor timed out${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
};
