import { Parser } from '@asyncapi/parser';
import { ClientFrameSchemas, ServerFramePayloadSchemas } from '@teamchat/contracts';
import { buildAsyncApiDocument } from './asyncapi-document.js';

describe('the AsyncAPI document of /ws', () => {
  it('is a valid AsyncAPI 3 document to the official parser (no errors, no warnings)', async () => {
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(buildAsyncApiDocument()));
    expect(
      diagnostics.filter((d) => d.severity <= 1).map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`),
    ).toEqual([]);
    expect(document?.version()).toBe('3.0.0');
  });

  it('lists every frame of both maps once, the gateway receiving the client’s and sending its own', async () => {
    const { document } = await new Parser().parse(JSON.stringify(buildAsyncApiDocument()));
    const ops = document!.operations().all();
    const received = ops
      .filter((o) => o.action() === 'receive')
      .flatMap((o) =>
        o
          .messages()
          .all()
          .map((m) => m.name()),
      );
    const sent = ops
      .filter((o) => o.action() === 'send')
      .flatMap((o) =>
        o
          .messages()
          .all()
          .map((m) => m.name()),
      );
    expect(received.sort()).toEqual(Object.keys(ClientFrameSchemas).sort());
    expect(sent.sort()).toEqual(Object.keys(ServerFramePayloadSchemas).sort());
  });

  it('gives each frame its payload schema with `type` fixed to its name', () => {
    const doc = buildAsyncApiDocument();
    const join = doc.channels.socket.messages.client_join as { payload: { properties: Record<string, unknown> } };
    expect(join.payload.properties.type).toEqual({ type: 'string', const: 'join' });
    expect(Object.keys(join.payload.properties)).toEqual(expect.arrayContaining(['userId', 'since']));
    const message = doc.channels.socket.messages.server_message as { payload: { required: string[] } };
    expect(message.payload.required).toEqual(expect.arrayContaining(['type', 'message']));
  });
});
