import { Routes, routeEntries, type ErrorCode } from '@teamchat/contracts';
import { httpStatusFor } from '../http/status-map.js';
import { errorsOf } from './error-responses.js';

const statuses = (route: Parameters<typeof errorsOf>[0]) => Object.keys(errorsOf(route)).map(Number);

describe('the errors each operation documents', () => {
  it('a member creating a channel: bad input, no session, another site, no workspace, idempotency, body, busy, failures', () => {
    expect(statuses(Routes.createChannel)).toEqual([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503]);
    const notFound = errorsOf(Routes.getChannel)[404].examples.map((e) => e.value.code);
    expect(notFound).toContain('CHAT.CHANNEL_NOT_FOUND');
    expect(notFound).toContain('WORKSPACE.NONE');
  });

  it('a public sign-up documents no 401; an admin route its 403; a GET without input no 400 and no origin refusal', () => {
    expect(statuses(Routes.register)).not.toContain(401);
    expect(errorsOf(Routes.listPrivateChannels)[403].examples.map((e) => e.value.code)).toEqual([
      'WORKSPACE.NOT_ADMIN',
    ]);
    expect(statuses(Routes.listChannels)).toEqual([401, 404, 429, 500, 503]);
  });

  it('every example is answered with the status it is documented under (the gateway maps codes in one table)', () => {
    // answered by the gateway itself rather than through the code table: a body it cannot read, and another site
    const ownStatus: Record<number, string[]> = { 413: ['VALIDATION.FAILED'], 403: ['AUTH.BAD_ORIGIN'] };
    for (const [operationId, route] of routeEntries()) {
      for (const [status, e] of Object.entries(errorsOf(route))) {
        for (const { value } of e.examples) {
          if (ownStatus[Number(status)]?.includes(value.code)) continue;
          expect({ operationId, code: value.code, status: httpStatusFor(value.code as ErrorCode) }).toEqual({
            operationId,
            code: value.code,
            status: Number(status),
          });
        }
      }
    }
  });
});
