// The AsyncAPI 3 document of the live socket `/ws`, made from the frame maps in libs/contracts (ClientFrameSchemas,
// ServerFramePayloadSchemas) as the OpenAPI document is made from the route table: a frame added there is documented
// here without a word more. Served at /api/docs/asyncapi.json beside the OpenAPI document.
import { z } from 'zod';
import { ClientFrameSchemas, ServerFramePayloadSchemas } from '@teamchat/contracts';

type JsonSchema = Record<string, unknown>;

const DESCRIPTION =
  'The live socket of the team chat workspace. Open `/ws` with the session cookie (an upgrade without a signed-in ' +
  'session is refused with 401), send `join` with your user id (and `since`, the `createdAt` of the newest message ' +
  'you hold, to be sent what you missed), then exchange JSON text frames `{ "type": …, …payload }`. The server ' +
  'answers a frame it cannot accept with an `error` frame; it pings every 30 s and drops a socket that stops ' +
  "answering. Frames of channels, their messages and members reach a channel's members only.";

/** A frame's JSON schema (its `type` fixed to its name), as the client sends it or as the server writes it. */
const frameSchema = (frame: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const schema: JsonSchema = z.toJSONSchema(frame, { io, unrepresentable: 'any', target: 'draft-07' });
  delete schema.$schema;
  return schema;
};

const operationId = (prefix: string, type: string) =>
  prefix + type.replace(/(^|_)([a-z])/g, (_, __: string, c: string) => c.toUpperCase());

/** Builds the document; the same for every gateway of a deployment. */
export const buildAsyncApiDocument = (version = '1.0.0') => {
  const messages: Record<string, object> = {};
  const operations: Record<string, object> = {};
  const add = (direction: 'client' | 'server', type: string, frame: z.ZodType) => {
    const key = `${direction}_${type}`;
    messages[key] = {
      name: type,
      title: direction === 'client' ? `${type} (client → server)` : `${type} (server → client)`,
      contentType: 'application/json',
      payload: frameSchema(frame, direction === 'client' ? 'input' : 'output'),
    };
    // the document describes the gateway: it receives the client's frames and sends its own
    operations[operationId(direction === 'client' ? 'receive' : 'send', type)] = {
      action: direction === 'client' ? 'receive' : 'send',
      channel: { $ref: '#/channels/socket' },
      messages: [{ $ref: `#/channels/socket/messages/${key}` }],
    };
  };
  // client frames carry their `type` in their schema; server payloads are sent as `{ type, ...payload }`
  for (const [type, frame] of Object.entries(ClientFrameSchemas)) add('client', type, frame);
  for (const [type, payload] of Object.entries(ServerFramePayloadSchemas))
    add('server', type, (payload as z.ZodObject).extend({ type: z.literal(type) }));
  return {
    asyncapi: '3.0.0',
    info: { title: 'Team chat live socket', version, description: DESCRIPTION },
    defaultContentType: 'application/json',
    servers: {
      gateway: {
        host: 'localhost:3000',
        protocol: 'ws',
        pathname: '/ws',
        description: 'Any gateway of the deployment, at its public origin (wss:// behind TLS).',
      },
    },
    channels: {
      socket: {
        address: '/ws',
        description: 'One socket per browser tab: every frame of the caller’s workspace that they may see.',
        servers: [{ $ref: '#/servers/gateway' }],
        messages,
      },
    },
    operations,
  };
};
