import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { routeEntries, type HttpRoute } from '@teamchat/contracts';
import { ROUTE_METADATA } from './route-table.js';

/**
 * Every HTTP route the gateway serves is a route of the table, and every route of the table is served exactly once:
 * a controller route declared without `@Route`, or a table entry nothing answers, stops the gateway at start.
 */
@Injectable()
export class RouteTableCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onApplicationBootstrap(): void {
    const served = new Map<HttpRoute, number>();
    const undeclared: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const prototype = wrapper.metatype?.prototype as Record<string, unknown> | undefined;
      if (!prototype) continue;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as object;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const route = Reflect.getMetadata(ROUTE_METADATA, handler) as HttpRoute | undefined;
        if (route) served.set(route, (served.get(route) ?? 0) + 1);
        else undeclared.push(`${wrapper.name}.${name}`);
      }
    }
    const problems = [
      ...undeclared.map((handler) => `${handler} serves a route that is not in the route table`),
      ...routeEntries()
        .filter(([, route]) => served.get(route) !== 1)
        .map(([id, route]) => `${id} (${route.method} ${route.path}) is served ${served.get(route) ?? 0} times`),
    ];
    if (problems.length) throw new Error(`The gateway's routes do not match the route table:\n${problems.join('\n')}`);
  }
}
