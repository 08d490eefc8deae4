/**
 * Integrations as main.ts starts them (docs/api-decisions.md, "Integrations"): the worker that
 * sends the queued jobs, with the sealing key from PINMARK_SECRET_KEY (or the demo's generated one).
 * In production without the key integrations are off, and the start-up log says so.
 */
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../domain/logger.ts';
import type { Db } from '../db/db.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { targetPolicy } from '../net/target-check.ts';
import { integrationsKey, SECRET_KEY_VAR } from './crypto.ts';
import { vettedSender } from './http.ts';
import { createIntegrationWorker, type IntegrationWorker } from './worker.ts';

export { createIntegrationWorker, type IntegrationWorker } from './worker.ts';

export async function startIntegrations(args: {
  db: Db;
  clock: Clock;
  log: Logger;
  storage: ObjectStore;
  publicUrl: string;
  production: boolean;
  webhooks: { allowedPrivateHosts: string[] };
}): Promise<IntegrationWorker | undefined> {
  const key = await integrationsKey(args.db, { production: args.production, now: args.clock.now() });
  if (!key) {
    args.log.info(`Integrations are off: set ${SECRET_KEY_VAR} (32 random bytes, hex or base64) to seal their tokens.`);
    return undefined;
  }
  const worker = createIntegrationWorker({
    db: args.db,
    clock: args.clock,
    log: args.log,
    storage: args.storage,
    publicUrl: args.publicUrl,
    key,
    send: vettedSender(targetPolicy(args.webhooks)),
  });
  worker.start();
  return worker;
}
