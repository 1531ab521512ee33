import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Mailer } from './mailer.js';

describe('the mailer without SMTP_URL', () => {
  it('sends nothing and writes the message’s essential line to the log, clearly labelled', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const mailer = new Mailer({ MAIL_FROM: 'TeamChat <no-reply@example.com>' });
    expect(mailer.configured).toBe(false);
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your TeamChat password',
      text: 'body',
      html: '<p>body</p>',
      logLine: 'PASSWORD RESET LINK for ada@example.com (valid 30 min): http://localhost:3000/reset-password?token=abc',
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toBe(
      'NOT EMAILED (no SMTP_URL) PASSWORD RESET LINK for ada@example.com (valid 30 min): http://localhost:3000/reset-password?token=abc',
    );
    warn.mockRestore();
    mailer.onApplicationShutdown();
  });
});
