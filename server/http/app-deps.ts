/**
 * What the HTTP app needs from the outside world, passed in explicitly so tests can swap the
 * database and the object store, freeze the clock and silence logs. Also the Hono environment
 * type shared by routes. Only types: main.ts (or a test) builds the values and createApp wires them.
 */
import type { AppConfig } from '../domain/config.ts';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../domain/logger.ts';
import type { Caller } from '../domain/viewer.ts';
import type { JWK } from 'jose';
import type { Db } from '../db/db.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { HostLookup } from '../net/lookup.ts';

/** The demo installation's private signing key, as the seed made it (DemoInfo in server/seed.ts). */
export interface DemoCustomerJwt {
  alg: 'ES256';
  privateJwk: JWK;
  iss: string;
  aud: string;
}

/**
 * What the demo pages and the simulated customer backend need. `customerJwt` (the installation's
 * private key) is known only from the seed or demo.json; without it /demo/customer-token is off.
 */
export interface DemoContext {
  publicKey: string;
  markupId: string;
  customerJwt: DemoCustomerJwt | null;
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
