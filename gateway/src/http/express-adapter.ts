import { createServer, IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';

type Constructor<T> = new (...args: never[]) => T;

/** A constructor that builds `Base`'s objects with `prototype` (which must itself inherit from `Base.prototype`). */
const bornWith = <T extends object>(Base: Constructor<T>, prototype: object): Constructor<T> => {
  // Node's own IncomingMessage and ServerResponse are plain constructor functions, callable on another `this`
  function Born(this: T, ...args: unknown[]): void {
    (Base as unknown as (...a: unknown[]) => void).apply(this, args);
  }
  Born.prototype = prototype;
  return Born as unknown as Constructor<T>;
};

/**
 * Nest's Express adapter, whose HTTP server makes each request and response with Express's prototypes from the start.
 * Not a second pipeline: Express and Nest still route and run every middleware; this only chooses, through Node's
 * public `createServer({ IncomingMessage, ServerResponse })` options and the adapter's `initHttpServer`, which classes
 * the server builds its objects with.
 *
 * Express gives every request and response its application's prototypes when it begins handling them
 * (`Object.setPrototypeOf(req, app.request)`). Changing the prototype of an object that already exists costs V8 the
 * fast paths it had for every object of that kind, in Node's HTTP code as much as in Express's: measured on a cached
 * `GET /api/channels` through Express's and Nest's whole chain, 890 µs of the server's CPU per request without this
 * and 630 µs with it (medians of three alternated runs, 2 cores, load average 6–12). Made with the right prototype,
 * the objects keep one shape throughout, and Express's own call finds nothing to change.
 */
export class GatewayExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    // https, forced connection closing and 503-on-closing are Nest's own set-ups, which the gateway does not use
    if (options?.httpsOptions || options?.forceCloseConnections || options?.return503OnClosing)
      return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    const serverOptions: ServerOptions = {
      IncomingMessage: bornWith<IncomingMessage>(IncomingMessage, app.request) as typeof IncomingMessage,
      ServerResponse: bornWith<ServerResponse>(ServerResponse, app.response) as unknown as typeof ServerResponse,
    };
    this.httpServer = createServer(serverOptions, app);
  }
}
