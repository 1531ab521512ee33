import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Mail } from 'nodemailer';
import type { Env } from '@teamchat/config';

export const MAIL_ENV = Symbol('MAIL_ENV');

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the log line says instead when there is no SMTP server (the one thing the reader must see). */
  logLine: string;
}

/**
 * Outgoing mail through `SMTP_URL` (nodemailer, pooled). Without it (standalone runs, tests) nothing is sent: the
 * message's essential line is written to the log, clearly labelled, so an operator or a developer can still act on it.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Mail | null;
  private readonly from: string;

  constructor(@Inject(MAIL_ENV) env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>) {
    this.from = env.MAIL_FROM;
    this.transport = env.SMTP_URL
      ? createTransport(`${env.SMTP_URL}${env.SMTP_URL.includes('?') ? '&' : '?'}pool=true`)
      : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) {
      this.logger.warn(`NOT EMAILED (no SMTP_URL) ${mail.logLine}`);
      return;
    }
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
