// A stand-in OpenTelemetry collector for tests: accepts OTLP/HTTP protobuf trace exports (POST /v1/traces) and decodes
// the fields the tests read, following opentelemetry-proto's trace.proto and common.proto (field numbers below).
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface CollectedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** SpanKind of trace.proto: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** The attributes of the span's resource (service.name, process.*, host.*, k8s.* …). */
  resource: Record<string, string | number | boolean>;
}

type Field = { no: number; wire: number; value: bigint | Buffer };

/** The fields of one protobuf message, in order (repeated fields appear once per element). */
const fields = (buf: Buffer): Field[] => {
  const out: Field[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buf[pos++];
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
      shift += 7n;
    }
  };
  while (pos < buf.length) {
    const key = Number(varint());
    const no = key >> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ no, wire, value: varint() });
    else if (wire === 1) {
      out.push({ no, wire, value: buf.readBigUInt64LE(pos) });
      pos += 8;
    } else if (wire === 2) {
      const len = Number(varint());
      out.push({ no, wire, value: buf.subarray(pos, pos + len) });
      pos += len;
    } else if (wire === 5) {
      out.push({ no, wire, value: BigInt(buf.readUInt32LE(pos)) });
      pos += 4;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
};

const bytesOf = (f: Field[], no: number): Buffer[] => f.filter((x) => x.no === no).map((x) => x.value as Buffer);
const first = (f: Field[], no: number): Buffer | undefined => bytesOf(f, no)[0];

/** AnyValue: 1 string, 2 bool, 3 int, 4 double. */
const anyValue = (buf: Buffer): string | number | boolean => {
  const [f] = fields(buf);
  if (!f) return '';
  if (f.no === 1) return (f.value as Buffer).toString('utf8');
  if (f.no === 2) return f.value === 1n;
  if (f.no === 3) return Number(f.value as bigint);
  if (f.no === 4) return Buffer.from((f.value as bigint).toString(16).padStart(16, '0'), 'hex').readDoubleBE(0);
  return '';
};

/** repeated KeyValue (1 key, 2 value). */
const keyValues = (list: Buffer[]): Record<string, string | number | boolean> =>
  Object.fromEntries(
    list.map((kv) => {
      const f = fields(kv);
      return [first(f, 1)?.toString('utf8') ?? '', anyValue(first(f, 2) ?? Buffer.alloc(0))];
    }),
  );

/** ExportTraceServiceRequest (1 resource_spans) → ResourceSpans (1 resource, 2 scope_spans) → ScopeSpans (1 scope,
 *  2 spans) → Span (1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 9 attributes). */
export const decodeTraceExport = (body: Buffer): CollectedSpan[] =>
  bytesOf(fields(body), 1).flatMap((resourceSpans) => {
    const rs = fields(resourceSpans);
    const resource = keyValues(bytesOf(fields(first(rs, 1) ?? Buffer.alloc(0)), 1));
    return bytesOf(rs, 2).flatMap((scopeSpans) => {
      const ss = fields(scopeSpans);
      const scope = first(fields(first(ss, 1) ?? Buffer.alloc(0)), 1)?.toString('utf8') ?? '';
      return bytesOf(ss, 2).map((span) => {
        const s = fields(span);
        return {
          service: String(resource['service.name'] ?? ''),
          scope,
          traceId: first(s, 1)?.toString('hex') ?? '',
          spanId: first(s, 2)?.toString('hex') ?? '',
          parentSpanId: first(s, 4)?.toString('hex') ?? '',
          name: first(s, 5)?.toString('utf8') ?? '',
          kind: Number(s.find((x) => x.no === 6)?.value ?? 0n),
          attributes: keyValues(bytesOf(s, 9)),
          resource,
        };
      });
    });
  });

export interface FakeCollector {
  url: string;
  spans: CollectedSpan[];
  /** Requests that were not a protobuf trace export (wrong path or content type). */
  refused: string[];
  close(): Promise<void>;
}

export const startFakeCollector = async (): Promise<FakeCollector> => {
  const spans: CollectedSpan[] = [];
  const refused: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (
        req.method !== 'POST' ||
        req.url !== '/v1/traces' ||
        req.headers['content-type'] !== 'application/x-protobuf'
      ) {
        refused.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      spans.push(...decodeTraceExport(req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw));
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
