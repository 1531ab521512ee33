// Requests Node's HTTP parser refuses before any middleware runs (headers or URL over 16 KB, malformed request lines)
// get the same `{ error, code }` JSON body as every other failure, instead of an empty 431/400.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCodes } from '@teamchat/contracts';

const reply = (socket: Duplex, status: string, body: object): void => {
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  );
};

export const answerClientErrors = (server: Server): void => {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    if (err.code === 'HPE_HEADER_OVERFLOW')
      return reply(socket, '431 Request Header Fields Too Large', {
        error: 'Request headers too large',
        code: ErrorCodes.headersTooLarge,
      });
    reply(socket, '400 Bad Request', { error: 'Malformed request', code: ErrorCodes.validation });
  });
};
