// The bare route the product is compared with: a NestJS app on the same Express adapter, Nest and Node as the product,
// with no middleware, logger or database. `GET /bare` answers a small JSON object; `POST /bare` parses the JSON body
// and echoes it. Run as its own process by bench/http (`node bench/http/bare.mjs`, PORT=…), it prints
// `{"port":N}` once listening.
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

export const BARE_OBJECT = {
  id: '5f0c8e2a-1d5b-4c55-9a53-0c2f3d9b7e11',
  name: 'general',
  description: 'A small JSON object, about the size of one channel row',
  type: 'regular',
  position: 0,
};

// Plain JavaScript has no decorator syntax: the decorators are applied as the functions they are.
class BareController {
  get() {
    return BARE_OBJECT;
  }
  echo(body) {
    return body;
  }
}
Controller('bare')(BareController);
for (const [name, decorator] of [
  ['get', Get()],
  ['echo', Post()],
]) {
  decorator(BareController.prototype, name, Object.getOwnPropertyDescriptor(BareController.prototype, name));
}
Body()(BareController.prototype, 'echo', 0);

class BareModule {}
Module({ controllers: [BareController] })(BareModule);

/** Starts the bare app on 127.0.0.1 (port 0: any free port). */
export const startBare = async (port = 0) => {
  const app = await NestFactory.create(BareModule, { logger: false });
  await app.listen(port, '127.0.0.1');
  return { port: app.getHttpServer().address().port, close: () => app.close() };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bare = await startBare(Number(process.env.PORT ?? 0));
  process.stdout.write(`${JSON.stringify({ port: bare.port })}\n`);
  process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
}
