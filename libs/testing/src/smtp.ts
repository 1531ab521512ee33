// A real SMTP server for tests (smtp-server, the library nodemailer's authors keep): it accepts every message and
// keeps it, so a test reads what the product mailed exactly as a mail server received it.
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.js';

export interface CaughtMail {
  to: string[];
  /** The message as sent (headers and body, transfer encodings untouched). */
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** The newest mail to `address` (case-insensitive), once it has arrived. */
  next(address: string, after?: number, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export const startSmtpSink = async (): Promise<SmtpSink> => {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const to = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(address, after = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(address).length <= after) {
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(address).at(-1)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The first link in a mail's text to `path` (quoted-printable soft line breaks and `=3D` undone). */
export const linkInMail = (mail: CaughtMail, path: string): URL => {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`(https?://[^\\s"<>]+${escaped}\\?[^\\s"<>]+)`).exec(text);
  if (!found) throw new Error(`no ${path} link in the mail`);
  return new URL(found[1]);
};
