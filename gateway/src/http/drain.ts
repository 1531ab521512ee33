import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * A stopping gateway's drain. Node's `server.close()` stops listening and at once destroys every connection not in
 * the middle of a response: a kept-alive connection a client has just written a request on, and a connection accepted
 * but whose request has not been read yet. Both clients see ECONNRESET for a request that may or may not have run. So
 * a stopping gateway first drains for a moment: it reports not ready (load balancers stop routing to it), refuses new
 * live sockets with 503 (clients resume on another node), keeps answering HTTP with `Connection: close` on every
 * response (each client's connection ends cleanly after its answer), and only then closes.
 */
@Injectable()
export class Drain {
  private draining = false;

  get active(): boolean {
    return this.draining;
  }

  start(): void {
    this.draining = true;
  }

  /** Express middleware: while draining, each response ends its connection. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    if (this.draining) res.setHeader('Connection', 'close');
    next();
  };
}
