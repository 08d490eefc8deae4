/**
 * What the HTTP app needs from the outside world, passed in explicitly so tests can swap the
 * database and the object store, freeze the clock and silence logs. Also the Hono environment
 * type shared by routes.
 */
import type { Db } from './db/db.ts';
import type { ServerConfig } from './config.ts';
import type { Caller } from './auth/caller.ts';
import type { DemoInfo } from './seed.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { HostLookup } from './net/lookup.ts';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export interface Logger {
  error(message: string, error?: unknown): void;
  info(message: string): void;
}

export const systemClock: Clock = { now: () => Date.now() };

export const consoleLogger: Logger = {
  error: (message, error) => console.error(message, error ?? ''),
  info: (message) => console.log(message),
};

export type AppConfig = Pick<
  ServerConfig,
  'publicUrl' | 'widgetDir' | 'demoDir' | 'devIdp' | 'oidc' | 'production' | 'demo' | 'webhooks' | 'rateLimits' | 'trustProxy' | 'quotas'
>;

/**
 * What the demo pages and the simulated customer backend need. `customerJwt` (the installation's
 * private key) is known only from the seed or demo.json; without it /demo/customer-token is off.
 */
export interface DemoContext {
  publicKey: string;
  markupId: string;
  customerJwt: DemoInfo['customerJwt'] | null;
}

export interface AppDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  log: Logger;
  /** The seeded demo; null when there is none (placeholders stay, /demo/customer-token is off). */
  demo: DemoContext | null;
  /** Where uploaded files live; a LocalObjectStore is also served at /storage. */
  storage: ObjectStore;
  /** DNS for webhook targets (default: the system resolver); tests make names resolve where they like. */
  lookup?: HostLookup;
}

export interface AppEnv {
  Variables: {
    caller: Caller;
  };
}
