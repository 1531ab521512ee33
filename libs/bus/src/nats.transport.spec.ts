import { jest } from '@jest/globals';
import { NamespacedServerNats } from './nats.transport.js';

describe(NamespacedServerNats.name, () => {
  const server = new NamespacedServerNats({ servers: 'nats://127.0.0.1:4222' }, 'spec.');
  const handler = Object.assign(async () => undefined, { isEventHandler: false });
  server.addHandler('chat.message.create', handler);
  server.addHandler({ cmd: 'legacy' }, handler);

  it('finds the handler of a dotted subject without trying it as JSON', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      expect(server.getHandlerByPattern('chat.message.create')).toBe(handler);
      expect(server.getHandlerByPattern('chat.message.delete')).toBeNull();
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('still reads a JSON pattern as Nest does', () => {
    expect(server.getHandlerByPattern('{"cmd":"legacy"}')).toBe(handler);
    expect(server.getHandlerByPattern('true')).toBeNull();
  });
});
