import { Controller, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type pg from 'pg';
import type { Redis } from 'ioredis';
import { healthPing, Routes, SERVICE_NAMES } from '@teamchat/contracts';
import { BROKER_HUNG_MESSAGE, BusClient } from '@teamchat/bus';
import { PG_POOL, REDIS } from '../infrastructure.js';
import { Route } from '../http/route-table.js';
import { Drain } from '../http/drain.js';

@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly bus: BusClient,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly drain: Drain,
  ) {}

  /** Liveness: the process answers. */
  @Route(Routes.health)
  live() {
    return { status: 'ok' };
  }

  /** Readiness: not stopping, Postgres, the bus (services answering over it), and Redis when configured. */
  @Route(Routes.readiness)
  @HealthCheck()
  ready() {
    return this.health.check([
      // a stopping gateway leaves the load balancer's rotation while it drains
      () => {
        const check = this.indicators.check('shutdown');
        return this.drain.active ? check.down({ draining: true }) : check.up();
      },
      async () => {
        const check = this.indicators.check('postgres');
        try {
          await this.pool.query('SELECT 1');
          return check.up();
        } catch (err) {
          return check.down({ message: (err as Error).message });
        }
      },
      async () => {
        // the bus is up when it carries requests; one service being down must not take every gateway out of rotation
        const check = this.indicators.check('bus');
        // a hung broker is known at once (probed every 200 ms): no need to wait out the pings
        if (this.bus.breakers.brokerHung) return check.down({ broker: BROKER_HUNG_MESSAGE });
        const results = await Promise.allSettled(
          SERVICE_NAMES.map((s) => this.bus.request(healthPing(s), {}, { timeoutMs: 1500 })),
        );
        const down = SERVICE_NAMES.filter((_, i) => results[i].status === 'rejected');
        const services = SERVICE_NAMES.length - down.length;
        if (services === 0) return check.down({ unreachable: down });
        return down.length === 0 ? check.up({ services }) : check.up({ services, unreachable: down });
      },
      ...(this.redis
        ? [
            async () => {
              // Redis carries live fan-out between nodes and shared sign-in limits; without it the API still works (limits
              // fall back to each gateway's memory), so it is reported degraded, never taking the gateway out of rotation
              const check = this.indicators.check('redis');
              if (this.redis!.status !== 'ready') return check.up({ degraded: true, state: this.redis!.status });
              try {
                await this.redis!.ping();
                return check.up();
              } catch (err) {
                return check.up({ degraded: true, message: (err as Error).message });
              }
            },
          ]
        : []),
    ]);
  }
}
