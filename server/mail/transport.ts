/**
 * Sending one composed e-mail over SMTP with nodemailer, from SMTP_URL (`smtp://` with STARTTLS when
 * the server offers it, `smtps://` with TLS from the start) and MAIL_FROM. Timeouts keep a dead
 * server from holding a job past its lease; a failure is the sender's to retry.
 */
import nodemailer, { type TransportOptions } from 'nodemailer';
import type { ComposedMail } from './compose.ts';

export type SendMail = (mail: ComposedMail) => Promise<void>;

export interface SmtpOptions {
  smtpUrl: string;
  from: string;
  /** Per connection step (connect, greeting, each command); default 10 s. */
  timeoutMs?: number;
}

export interface SmtpTransport {
  send: SendMail;
  close(): void;
}

export function smtpTransport({ smtpUrl, from, timeoutMs = 10_000 }: SmtpOptions): SmtpTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as TransportOptions);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
      });
    },
    close: () => transporter.close(),
  };
}
