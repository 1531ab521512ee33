import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, for a server a test starts in another process. Taken
 * below the kernel's ephemeral range, as `freePortBlock` explains: the kernel's own pick (`listen(0)`) lies inside it,
 * and a service started on it seconds later failed with EADDRINUSE when an outgoing connection of another suite had
 * been given that port meanwhile (bench/fanout: a service's metrics port).
 */
export const freePort = (): Promise<number> => freePortBlock(1);

/** The lowest port the kernel hands to outgoing connections (Linux; 32768 where it cannot be read). */
const ephemeralLow = () => {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return Number.isInteger(low) && low > 2048 ? low : 32768;
  } catch {
    return 32768;
  }
};

const listenOn = (port: number) =>
  new Promise<Server | null>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

/**
 * The first of `size` consecutive free TCP ports, for a process that numbers its ports from one base (the cluster
 * runner's gateways and metrics). Taken at random from `within`, below the kernel's ephemeral range: a port inside
 * that range can be held at any moment by some process's outgoing connection (to Postgres, Redis, NATS …), and a
 * server started on it then fails with EADDRINUSE. Every port of the block is checked free at once; a busy block is
 * skipped for another. Suites that may run at the same time pass `within` ranges that do not overlap, since a block is
 * free only until its process starts. Single ports (`freePort`) come from the whole default range: one collides only
 * with a block checked in the same moment and not yet taken by its process.
 */
export const freePortBlock = async (size: number, within: [number, number] = [10000, 32768]): Promise<number> => {
  const low = within[0];
  const high = Math.min(within[1], ephemeralLow()) - size;
  if (high < low) throw new Error(`no room for ${size} ports below the ephemeral range`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = low + Math.floor(Math.random() * (high - low + 1));
    const servers = await Promise.all(Array.from({ length: size }, (_, i) => listenOn(base + i)));
    await Promise.all(servers.map((s) => s && new Promise((r) => s.close(r))));
    if (servers.every(Boolean)) return base;
  }
  throw new Error(`no ${size} consecutive free ports found`);
};
