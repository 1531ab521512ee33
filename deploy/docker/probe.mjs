// Container health check without curl in the image: `node deploy/docker/probe.mjs <url>` exits 0 on a 2xx answer.
const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: probe.mjs <url>\n');
  process.exit(64);
}
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
  process.exit(res.ok ? 0 : 1);
} catch (err) {
  process.stderr.write(`${url}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
