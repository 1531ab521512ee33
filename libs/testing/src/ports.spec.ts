import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { freePort, freePortBlock } from './ports.js';

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe(freePortBlock.name, () => {
  it('hands out a block of free ports inside the range asked for, below the ephemeral range', async () => {
    const base = await freePortBlock(12, [20000, 21000]);
    expect(base).toBeGreaterThanOrEqual(20000);
    expect(base + 12).toBeLessThanOrEqual(21000);
    const servers = await Promise.all(Array.from({ length: 12 }, (_, i) => listen(base + i)));
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('skips a block where any port is taken', async () => {
    // a range of two possible blocks, [15000, 15002) and [15001, 15003): holding 15001 leaves neither
    const held = await listen(15001);
    try {
      await expect(freePortBlock(2, [15000, 15003])).rejects.toThrow('no 2 consecutive free ports found');
    } finally {
      await new Promise((r) => held.close(r));
    }
    const held2 = await listen(15000);
    try {
      expect(await freePortBlock(2, [15000, 15003])).toBe(15001);
    } finally {
      await new Promise((r) => held2.close(r));
    }
  });

  it('refuses a block that cannot fit below the ephemeral range', async () => {
    await expect(freePortBlock(100, [32700, 40000])).rejects.toThrow('no room for 100 ports');
  });
});

describe(freePort.name, () => {
  it('hands out a free port below the ephemeral range, where no outgoing connection can take it', async () => {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(10000);
      expect(port).toBeLessThan(low);
      const server = await listen(port);
      await new Promise((r) => server.close(r));
    }
  });
});
