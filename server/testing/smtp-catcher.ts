/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1 and a free port: it checks
 * the login SMTP_URL carries, parses every message it accepts with `mailparser`, and refuses the
 * next messages when a test says so (a 451, which senders must retry), so the mail worker is tested
 * over the wire as a mail provider would see it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface CaughtMail {
  to: string[];
  parsed: ParsedMail;
}

export interface SmtpCatcher {
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  mails: CaughtMail[];
  /** Refuses the next `count` messages with a temporary failure. */
  refuseNext(count: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const USER = 'pinmark';
const PASSWORD = 'smtp-test-password';

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    mails,
    refuseNext: (count) => {
      refusals = count;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
