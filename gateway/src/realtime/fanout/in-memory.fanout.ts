import { randomUUID } from 'node:crypto';
import { WorkspaceRefs, type Envelope, type EnvelopeHandler, type Fanout } from './fanout.js';

/** One gateway node (standalone): publishing is delivering to this node's own subscribers. */
export class InMemoryFanout implements Fanout {
  readonly nodeId = randomUUID();
  private readonly refs = new WorkspaceRefs();
  private handler: EnvelopeHandler = () => undefined;

  onEnvelope(handler: EnvelopeHandler): void {
    this.handler = handler;
  }

  onInterrupted(): void {
    // nothing can interrupt delivery inside one process
  }

  subscribe(workspaceId: string): Promise<void> {
    this.refs.add(workspaceId);
    return Promise.resolve();
  }

  unsubscribe(workspaceId: string): Promise<void> {
    this.refs.remove(workspaceId);
    return Promise.resolve();
  }

  publish(workspaceId: string, envelope: Omit<Envelope, 'origin'>): Promise<void> {
    if (this.refs.has(workspaceId)) this.handler(workspaceId, { ...envelope, origin: this.nodeId });
    return Promise.resolve();
  }

  subscribedWorkspaces(): string[] {
    return this.refs.keys();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
