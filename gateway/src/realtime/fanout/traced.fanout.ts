import {
  currentTracing,
  extractTraceContext,
  inSpan,
  inSpanSync,
  injectTraceContext,
  SpanKind,
} from '@teamchat/observability';
import type { Envelope, EnvelopeHandler, Fanout } from './fanout.js';

/**
 * Whether spans are recorded (an exporter runs). Without one the fan-out's spans would be ids nobody reads: no log line
 * is written inside a publish or a delivery (a failed publish is logged by its caller, in the caller's span).
 */
const recorded = (): boolean => {
  const tracing = currentTracing();
  return tracing !== undefined && tracing.exporting !== 'none';
};

/**
 * Traces the fan-out whichever implementation carries it: a span per publish, whose context travels in the envelope
 * (`traceparent`), and a span per delivery on each node, child of it, so a message's trace reaches the sockets of
 * every gateway node. Only while spans are recorded: otherwise envelopes go through untouched (the three spans and the
 * `traceparent` written into every envelope and parsed again on every node, for each message).
 */
export class TracedFanout implements Fanout {
  constructor(private readonly inner: Fanout) {}

  get nodeId(): string {
    return this.inner.nodeId;
  }

  onEnvelope(handler: EnvelopeHandler): void {
    this.inner.onEnvelope((workspaceId, envelope) =>
      !recorded()
        ? handler(workspaceId, envelope)
        : inSpanSync(
            'fanout deliver',
            {
              kind: SpanKind.CONSUMER,
              attributes: { 'teamchat.workspace.id': workspaceId, 'teamchat.fanout.origin': envelope.origin },
              ...(envelope.traceparent
                ? { parent: extractTraceContext((name) => (name === 'traceparent' ? envelope.traceparent : undefined)) }
                : {}),
            },
            () => handler(workspaceId, envelope),
          ),
    );
  }

  onInterrupted(handler: (workspaceIds: string[]) => void): void {
    this.inner.onInterrupted(handler);
  }

  subscribe(workspaceId: string): Promise<void> {
    return this.inner.subscribe(workspaceId);
  }

  unsubscribe(workspaceId: string): Promise<void> {
    return this.inner.unsubscribe(workspaceId);
  }

  publish(workspaceId: string, envelope: Omit<Envelope, 'origin'>): Promise<void> {
    if (!recorded()) return this.inner.publish(workspaceId, envelope);
    return inSpan(
      'fanout publish',
      { kind: SpanKind.PRODUCER, attributes: { 'teamchat.workspace.id': workspaceId } },
      () => {
        let traceparent: string | undefined;
        injectTraceContext((name, value) => {
          if (name === 'traceparent') traceparent = value;
        });
        return this.inner.publish(workspaceId, traceparent ? { ...envelope, traceparent } : envelope);
      },
    );
  }

  subscribedWorkspaces(): string[] {
    return this.inner.subscribedWorkspaces();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
