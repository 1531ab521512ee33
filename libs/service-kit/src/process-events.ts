import { Injectable } from '@nestjs/common';
import type { EventContract } from '@teamchat/contracts';
import type { z } from 'zod';

type Handler = (payload: unknown) => void;

/**
 * Bus events every process of a service must see — what keeps its in-memory caches true (memberships, write deadlines,
 * people's names) — as opposed to its domain handlers, which one replica of the queue group takes. Providers register
 * here while the application starts (constructor or `onModuleInit`); the service's own listener (see
 * `WorkspaceMembershipModule`) subscribes every registered subject once it boots, checks each payload against its
 * contract, and calls `onReset` handlers when the connection drops or comes back, since events sent meanwhile are lost.
 */
@Injectable()
export class ProcessEvents {
  private readonly bySubject = new Map<string, { contract: EventContract; handlers: Handler[] }>();
  private readonly resets: (() => void)[] = [];

  on<C extends EventContract>(contract: C, handle: (payload: z.output<C['payload']>) => void): void {
    const entry = this.bySubject.get(contract.subject) ?? { contract, handlers: [] };
    entry.handlers.push(handle as Handler);
    this.bySubject.set(contract.subject, entry);
  }

  /** Everything cached from events can no longer be trusted (events may have been missed): drop it. */
  onReset(handle: () => void): void {
    this.resets.push(handle);
  }

  /** The registered contracts, each with the handlers of its payload. */
  subjects(): { contract: EventContract; handlers: readonly Handler[] }[] {
    return [...this.bySubject.values()];
  }

  reset(): void {
    for (const handle of this.resets) handle();
  }
}
