// negotiator 1.x, the content negotiation the `compression` middleware uses, declares no types of its own; only what
// the gateway calls is declared here.
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http';

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The best of `available` for the request's Accept-Encoding; among equal q-values, `preferred` ones first. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
