/**
 * Process entry for `npm start` / `npm run serve`: reads the environment, takes the port, opens
 * and migrates the database, seeds the demo on first start, prints where to go and the demo keys,
 * and shuts down cleanly on SIGINT/SIGTERM (PGlite must be closed or its files need recovery).
 */
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { loadConfig, type ServerConfig } from './domain/config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { queryOne, json, type Db } from './db/db.ts';
import { openDatabase } from './db/open.ts';
import { consoleLogger } from './domain/logger.ts';
import { systemClock } from './domain/clock.ts';
import type { DemoContext } from './http/app-deps.ts';
import { demoAllowedOrigins, readDemoFile, seedDemoIfEmpty, writeDemoFile, type DemoInfo } from './seed.ts';
import { bannerText } from './banner.ts';
import { insecureDevSignInWarning, noSignInMethod, unsafeProductionConfig } from './production-checks.ts';
import { openObjectStore } from './storage/open.ts';
import { sweepUploads } from './model/file-cleanup.ts';
import { sweepIdempotencyKeys } from './http/idempotency.ts';
import { sweepRateLimits } from './http/rate-limit.ts';
import { createDeliveryWorker, sweepWebhookDeliveries, type DeliveryWorker } from './events/index.ts';
import { createConversionWorker, type ConversionWorker } from './conversion/worker.ts';
import { startMail, sweepMail, type StartedMail } from './mail/index.ts';
import { startIntegrations, type IntegrationWorker } from './integrations/index.ts';

/** How often abandoned uploads (model/file-cleanup.ts), expired idempotency keys, old webhook deliveries and ended rate-limit windows are swept. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** `env` holds Node's request and socket (@hono/node-server's bindings): rate limits read the client address there. */
type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

/** Binds the port before touching the database, so a busy port never opens a second PGlite. */
function listen(config: ServerConfig, handler: () => FetchHandler | undefined): Promise<Server> {
  const server = createAdaptorServer({
    fetch: (request: Request, env: unknown) =>
      handler()?.(request, env) ?? new Response('Starting…', { status: 503, headers: { 'Retry-After': '1' } }),
  }) as Server;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Keeps an existing demo usable after PORT/PUBLIC_URL/ALLOWED_ORIGINS change. */
async function refreshDemo(db: Db, config: ServerConfig, demo: DemoInfo): Promise<DemoInfo> {
  const row = await queryOne<{ allowed_origins: string[] }>(db, 'SELECT allowed_origins FROM installations WHERE id = $1', [
    demo.installationId,
  ]);
  if (!row) return demo;
  const origins = [...new Set([...row.allowed_origins, ...demoAllowedOrigins(config)])];
  if (origins.length !== row.allowed_origins.length) {
    await db.query('UPDATE installations SET allowed_origins = $2::jsonb WHERE id = $1', [demo.installationId, json(origins)]);
  }
  return { ...demo, url: config.publicUrl, apiBase: config.publicUrl, allowedOrigins: origins };
}

async function loadDemo(db: Db, config: ServerConfig): Promise<{ demo: DemoInfo | null; context: DemoContext | null; seeded: boolean }> {
  // Production never seeds, reads or serves demo credentials.
  if (!config.demo) return { demo: null, context: null, seeded: false };
  const demo = await seedDemoIfEmpty(db, config);
  if (demo) {
    writeDemoFile(config.dataDir, demo);
    return { demo, context: { publicKey: demo.publicKey, markupId: demo.markupId, customerJwt: demo.customerJwt }, seeded: true };
  }
  const stored = readDemoFile(config.dataDir);
  if (stored) {
    const refreshed = await refreshDemo(db, config, stored);
    writeDemoFile(config.dataDir, refreshed);
    return {
      demo: refreshed,
      context: { publicKey: refreshed.publicKey, markupId: refreshed.markupId, customerJwt: refreshed.customerJwt },
      seeded: false,
    };
  }
  const first = await queryOne<{ public_key: string; markup_id: string }>(
    db,
    `SELECT i.public_key, m.id AS markup_id FROM installations i JOIN markups m ON m.workspace_id = i.workspace_id
     WHERE m.deleted_at IS NULL ORDER BY i.created_at, m.created_at LIMIT 1`,
  );
  return {
    demo: null,
    context: first ? { publicKey: first.public_key, markupId: first.markup_id, customerJwt: null } : null,
    seeded: false,
  };
}

/** The configuration, or a one-sentence refusal and exit: a stack trace helps nobody at a deploy log. */
function configOrExit(): ServerConfig {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Pinmark server not started: ${(error as Error).message}`);
    process.exit(1);
  }
  const unsafe = unsafeProductionConfig(config);
  if (unsafe) {
    console.error(`Pinmark server not started: ${unsafe}`);
    process.exit(1);
  }
  return config;
}

async function main(): Promise<void> {
  const config = configOrExit();
  const insecure = insecureDevSignInWarning(config);
  if (insecure) console.warn(insecure);
  let appFetch: FetchHandler | undefined;
  let server: Server;
  try {
    server = await listen(config, () => appFetch);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      console.error(`Port ${config.port} is already in use. Stop the other process or start with PORT=<another port>.`);
    else if (code === 'EACCES') console.error(`Not allowed to listen on port ${config.port}. Use PORT=<a port above 1024>.`);
    else console.error('Could not start the HTTP server:', (error as Error).message);
    process.exit(1);
  }

  let releaseLock = (): void => undefined;
  try {
    if (!config.databaseUrl) releaseLock = lockDataDir(config.dataDir);
  } catch (error) {
    console.error((error as Error).message);
    server.close();
    process.exit(1);
  }
  let db: Db | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let webhooks: DeliveryWorker | undefined;
  let conversions: ConversionWorker | undefined;
  let mail: StartedMail | undefined;
  let integrations: IntegrationWorker | undefined;
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) {
      console.error('Forced exit.');
      process.exit(1);
    }
    stopping = true;
    clearInterval(sweepTimer);
    console.log(`\n${signal}: shutting down…`);
    const forceClose = setTimeout(() => server.closeAllConnections(), 3000);
    forceClose.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    // Requests in flight are aborted and their deliveries handed back for another process.
    await webhooks?.stop();
    await conversions?.stop();
    await mail?.stop();
    await integrations?.stop();
    await db?.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const opened = await openDatabase(config);
    db = opened.db;
    const installations = await queryOne<{ count: number }>(db, 'SELECT count(*)::int AS count FROM installations');
    const noSignIn = noSignInMethod(config, { installations: installations?.count ?? 0 });
    if (noSignIn) throw new Error(noSignIn);
    const { demo, context, seeded } = await loadDemo(db, config);
    const storage = openObjectStore({ storage: config.storage, dataDir: config.dataDir, publicUrl: config.publicUrl, clock: systemClock });
    const app = createApp({ db, config, clock: systemClock, log: consoleLogger, demo: context, storage: storage.store });
    appFetch = (request, env) => app.fetch(request, env);
    console.log(bannerText({ config, database: opened.description, files: storage.description, demo, seeded }));
    const openDb = db;
    const sweep = () => {
      void sweepUploads(openDb, storage.store, Date.now(), consoleLogger)
        .then((count) => count > 0 && console.log(`Removed ${count} abandoned upload(s).`))
        .catch((error: unknown) => consoleLogger.error('Sweeping abandoned uploads failed', error));
      void sweepIdempotencyKeys(openDb, Date.now()).catch((error: unknown) =>
        consoleLogger.error('Sweeping expired idempotency keys failed', error),
      );
      void sweepWebhookDeliveries(openDb, Date.now()).catch((error: unknown) =>
        consoleLogger.error('Sweeping old webhook deliveries failed', error),
      );
      void sweepRateLimits(openDb, Date.now()).catch((error: unknown) =>
        consoleLogger.error('Sweeping ended rate-limit windows failed', error),
      );
      void sweepMail(openDb, Date.now()).catch((error: unknown) => consoleLogger.error('Sweeping old mail failed', error));
    };
    sweep();
    sweepTimer = setInterval(sweep, SWEEP_INTERVAL_MS);
    sweepTimer.unref();
    // Webhook deliveries from the outbox; any number of processes may share one PostgreSQL.
    webhooks = createDeliveryWorker({ db, clock: systemClock, log: consoleLogger, targets: config.webhooks });
    webhooks.start();
    // File markups become ready here (and announce markup_ready through the outbox above).
    conversions = createConversionWorker({ db, store: storage.store, clock: systemClock, log: consoleLogger });
    conversions.start();
    // E-mail notifications (server/mail/): sent over SMTP_URL, kept in the demo, else off.
    if (config.mail) {
      const { mail: mailConfig, demo: isDemo, publicUrl } = config;
      mail = await startMail({
        db,
        clock: systemClock,
        log: consoleLogger,
        mail: mailConfig,
        demo: isDemo,
        publicUrl,
        storage: storage.store,
      });
    }
    // Slack, GitHub, Linear and Jira (server/integrations/): jobs queued by the triggers of migration 0021.
    integrations = await startIntegrations({
      db,
      clock: systemClock,
      log: consoleLogger,
      storage: storage.store,
      publicUrl: config.publicUrl,
      production: config.production,
      webhooks: config.webhooks,
    });
  } catch (error) {
    console.error('Pinmark server not started:', error instanceof Error ? error.message : error);
    server.close();
    await db?.close().catch(() => undefined);
    releaseLock();
    process.exit(1);
  }
}

void main();
