// The routes of the table that only forward to a service: one generic handler, registered once per route.
import { Controller, Inject, Optional, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { BusClient, parseClientInput } from '@teamchat/bus';
import type { ForwardRoute, HttpRoute, MessageChange, MessageDeletion, ReactionChange } from '@teamchat/contracts';
import { ActorService, resolvedOf } from '../auth/actor.service.js';
import { ImageAddresses } from '../media/image-address.js';
import { MessageRelay } from '../realtime/message-relay.service.js';
import { parsePathParam, Route } from './route-table.js';

/** What a forwarding route may need besides the bus. */
export interface Edge {
  readonly bus: BusClient;
  readonly actors: ActorService;
  readonly images: ImageAddresses;
  readonly relay: MessageRelay | null;
}

type Fields = Record<string, unknown>;

const parsedParams = (route: ForwardRoute, req: Request): Record<string, string> =>
  Object.fromEntries(
    Object.entries(route.params).map(([name, param]) => [name, parsePathParam(param, req.params[name])]),
  );

/** Upload addresses in the body become the site-relative form the services store. */
const withSiteRelative = (route: ForwardRoute, body: Fields, req: Request, images: ImageAddresses): Fields => {
  if (!route.siteRelative?.length) return body;
  const out = { ...body };
  for (const [field, kind] of route.siteRelative) {
    const value = out[field];
    if (typeof value === 'string') out[field] = images.siteRelative(value, req, kind);
  }
  return out;
};

/** Validates the call, sends the bus request and answers with the reply (or what the route makes of it). */
export const forward = async (route: ForwardRoute, edge: Edge, req: Request, res: Response): Promise<unknown> => {
  const params = parsedParams(route, req);
  const query = (route.query ? parseClientInput(route.query, req.query ?? {}) : {}) as Fields;
  const body = withSiteRelative(
    route,
    (route.body ? parseClientInput(route.body, req.body ?? {}) : {}) as Fields,
    req,
    edge.images,
  );
  const actor = route.auth === 'public' ? undefined : resolvedOf(req)?.actor;
  const input = route.input
    ? route.input({ actor: actor!, params, query, body })
    : { ...(actor ? { actor } : {}), ...params, ...query, ...body };
  const options = route.timeoutMs ? { timeoutMs: route.timeoutMs } : {};
  const reply = await edge.bus.request(route.forward, input, options);
  if (route.changesActors) {
    const users = new Set([actor?.userId, ...route.changesActors.map((name) => params[name])]);
    await Promise.all([...users].filter((u): u is string => !!u).map((u) => edge.actors.forget(u)));
  }
  const answer = await live(route, edge, reply);
  if (!route.output) return answer;
  const { body: out, headers } = route.output(answer);
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
  return out;
};

/**
 * Publishes what the reply changed to the members on every node, and answers what the client is owed. The table only
 * lets a route name the effect its contract's reply carries (`LiveEffectOf`), which is what the casts below rely on.
 */
const live = async (route: ForwardRoute, edge: Edge, reply: unknown): Promise<unknown> => {
  if (!route.live) return reply;
  const relay = edge.relay;
  if (!relay) throw new Error(`${route.method} ${route.path} publishes live changes but no MessageRelay is provided`);
  switch (route.live) {
    case 'reactions':
      return relay.publishReactions(reply as ReactionChange);
    case 'change': {
      const change = reply as MessageChange;
      await relay.publishChange(change);
      return change.message;
    }
    case 'deletion': {
      const { root, ...change } = reply as MessageDeletion;
      await relay.publishChange(change);
      if (root) await relay.publishChange({ ...change, message: root });
      return undefined;
    }
  }
};

/**
 * A controller answering each of `routes` with `forward`. Feature modules list it beside their hand-written
 * controllers, so the module boundaries stay as they are; a module with live routes imports the RealtimeModule.
 */
export const forwardingController = (name: string, routes: Record<string, HttpRoute>): Type<unknown> => {
  @Controller()
  class ForwardingController {
    constructor(
      @Inject(BusClient) readonly bus: BusClient,
      @Inject(ActorService) readonly actors: ActorService,
      @Inject(ImageAddresses) readonly images: ImageAddresses,
      @Optional() @Inject(MessageRelay) readonly relay: MessageRelay | null,
    ) {}
  }
  const proto = ForwardingController.prototype as unknown as Record<string, unknown>;
  // literal paths first, so `/messages/search` is not taken for a `/messages/{messageId}`
  const ordered = Object.entries(routes)
    .filter((entry): entry is [string, ForwardRoute] => entry[1].forward !== undefined)
    .sort(([, a], [, b]) => specificity(b) - specificity(a));
  for (const [operationId, route] of ordered) {
    proto[operationId] = function (this: Edge, req: Request, res: Response) {
      return forward(route, this, req, res);
    };
    const descriptor = Object.getOwnPropertyDescriptor(proto, operationId)!;
    Req()(proto, operationId, 0);
    Res({ passthrough: true })(proto, operationId, 1);
    Route(route)(proto, operationId, descriptor);
  }
  Object.defineProperty(ForwardingController, 'name', { value: `${name}RoutesController` });
  return ForwardingController;
};

/** How many literal segments come before the first parameter. */
const specificity = (route: HttpRoute): number => {
  const segments = route.path.split('/');
  const first = segments.findIndex((s) => s.startsWith('{'));
  return first === -1 ? segments.length + 100 : first;
};
