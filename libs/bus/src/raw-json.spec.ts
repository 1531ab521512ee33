import { RawJson, rawOrParsed, rawReplyPacket } from './raw-json.js';

const ID = '0b6e9a8c-3f4d-4c55-9a53-0c2f3d9b7e11';
/** A reply packet exactly as Nest's NATS server serializes it. */
const packet = (fields: Record<string, unknown>, id = ID) => JSON.stringify({ ...fields, isDisposed: true, id });

describe('raw replies', () => {
  it('keeps an object or array response of a success packet as the text the service wrote', () => {
    const response = { messages: [{ id: 'm1', content: 'x,"isDisposed":true,"id":"' + ID + '"}' }] };
    const reply = rawReplyPacket(packet({ response }), ID);
    expect(reply).toEqual({ response: new RawJson(JSON.stringify(response)), isDisposed: true });
    expect(JSON.parse((reply.response as RawJson).text)).toEqual(response);
    expect((rawReplyPacket(packet({ response: [] }), ID).response as RawJson).text).toBe('[]');
  });

  it('parses a response that is not an object or array, an error packet, and a packet of another request', () => {
    expect(rawReplyPacket(packet({ response: 'text' }), ID)).toEqual({ response: 'text', isDisposed: true });
    expect(rawReplyPacket(packet({ response: null }), ID)).toEqual({ response: null, isDisposed: true });
    expect(rawReplyPacket(packet({ response: 7 }), ID)).toEqual({ response: 7, isDisposed: true });
    const err = { code: 'WORKSPACE.NOT_FOUND', message: 'Workspace not found' };
    expect(rawReplyPacket(packet({ err }), ID)).toEqual({ err, isDisposed: true, id: ID });
    // no response at all (a handler that returned nothing)
    expect(rawReplyPacket(packet({}), ID)).toEqual({ isDisposed: true, id: ID });
    const other = packet({ response: { a: 1 } }, '11111111-2222-4333-8444-555555555555');
    expect(rawReplyPacket(other, ID)).toEqual(JSON.parse(other));
  });

  it('hands back object and array text as RawJson and parses anything else', () => {
    expect(rawOrParsed('{"a":1}')).toEqual(new RawJson('{"a":1}'));
    expect(rawOrParsed('[1]')).toEqual(new RawJson('[1]'));
    expect(rawOrParsed('"s"')).toBe('s');
    expect(rawOrParsed('null')).toBeNull();
  });
});
