// A frame over the socket's size limit is the client's fault: the socket is closed with 1009 and the server logs a
// warning, never an error (an error-level line pages whoever is on call).
import { Logger, type LoggerService } from '@nestjs/common';
import { waitFor } from '@teamchat/testing';
import { startTestStack, type TestStack } from '@teamchat/test-stack';
import { closeOf, openSocket, signUp } from '../accounts/helpers.js';

type Level = 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';

/** Every line the stack's applications log, with its level. */
const recordingLogger = () => {
  const lines: { level: Level; text: string }[] = [];
  const at =
    (level: Level) =>
    (message: unknown, ...params: unknown[]) =>
      lines.push({
        level,
        text: [message, ...params].map((p) => (p instanceof Error ? p.message : String(p))).join(' '),
      });
  const logger: LoggerService = {
    log: at('log'),
    error: at('error'),
    warn: at('warn'),
    debug: at('debug'),
    verbose: at('verbose'),
    fatal: at('fatal'),
  };
  return { logger, lines };
};

describe('a socket frame over the size limit', () => {
  const { logger, lines } = recordingLogger();
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    // what every Nest logger of the process writes to, as the gateway's pino logger is in a running process
    Logger.overrideLogger(logger);
  }, 120_000);
  afterAll(async () => {
    Logger.overrideLogger(false);
    await stack?.close();
  });

  it('closes the socket with 1009 and is logged as a warning, not an error', async () => {
    const { cookie } = await signUp(stack.url, {}, '10.79.0.1');
    const ws = await openSocket(stack.url, cookie);
    const closed = closeOf(ws);
    ws.send(JSON.stringify({ type: 'typing', text: 'x'.repeat(10 * 1024 * 1024) }));
    expect((await closed).code).toBe(1009);
    const aboutTheFrame = () => lines.filter((l) => /max payload size exceeded/i.test(l.text));
    await waitFor(() => aboutTheFrame().length > 0);
    expect(aboutTheFrame().map((l) => l.level)).toEqual(['warn']);
    expect(lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
  });
});
