/**
 * E-mail notifications (docs/api-decisions.md, "E-mail notifications"), as main.ts starts them:
 * mail is on with SMTP_URL (sent) or in the demo (kept for GET /mail); in production without
 * SMTP_URL it is off, nothing is queued, and the start-up banner says so.
 */
import type { Clock } from '../domain/clock.ts';
import type { MailConfig } from '../domain/config.ts';
import type { Logger } from '../domain/logger.ts';
import type { Db } from '../db/db.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { setMailEnabled } from './state.ts';
import { createMailWorker, type MailWorker } from './sender.ts';
import { smtpTransport } from './transport.ts';

export { createMailWorker, type MailWorker } from './sender.ts';
export { mailDescription } from './description.ts';
export { sweepMail } from './sweep.ts';

export interface StartedMail {
  worker: MailWorker | undefined;
  stop(): Promise<void>;
}

export async function startMail(args: {
  db: Db;
  clock: Clock;
  log: Logger;
  mail: MailConfig;
  demo: boolean;
  publicUrl: string;
  storage: ObjectStore;
}): Promise<StartedMail> {
  const on = Boolean(args.mail.smtpUrl) || args.demo;
  await setMailEnabled(args.db, on, args.clock.now());
  if (!on) return { worker: undefined, stop: async () => undefined };
  const transport = args.mail.smtpUrl ? smtpTransport({ smtpUrl: args.mail.smtpUrl, from: args.mail.from }) : undefined;
  const worker = createMailWorker({
    db: args.db,
    clock: args.clock,
    log: args.log,
    publicUrl: args.publicUrl,
    storage: args.storage,
    batchWindowMs: args.mail.batchWindowMs,
    ...(transport ? { send: transport.send } : {}),
  });
  worker.start();
  return {
    worker,
    async stop() {
      await worker.stop();
      transport?.close();
    },
  };
}
