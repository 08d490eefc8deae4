/**
 * Picks the object store for the process from the configuration: an S3-compatible bucket when
 * PINMARK_S3_BUCKET is set, otherwise the local store in DATA_DIR/objects. The local store's
 * signing secret comes from PINMARK_STORAGE_SECRET or is generated once and kept beside the
 * objects, so signed URLs survive restarts and a fresh data folder gets a fresh secret.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StorageConfig } from '../domain/config.ts';
import type { Clock } from '../domain/clock.ts';
import { LocalObjectStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3-store.ts';

/** The data folder's storage secret, created on first use (mode 0600). */
export function localStorageSecret(objectsDir: string): string {
  const file = path.join(objectsDir, 'secret');
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(objectsDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Half-written uploads of crashed runs (only old ones: another server may share the folder). */
function removeStaleTemporaryFiles(dir: string, before: number): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (statSync(file).mtimeMs < before) rmSync(file, { force: true });
    } catch {
      // Gone meanwhile.
    }
  }
}

export function openObjectStore(options: { storage: StorageConfig; dataDir: string; publicUrl: string; clock: Clock }): {
  store: ObjectStore;
  description: string;
} {
  const { storage } = options;
  if (storage.driver === 's3') {
    const { driver: _driver, ...s3 } = storage;
    return {
      store: new S3ObjectStore({ ...s3, clock: options.clock }),
      description: `S3 bucket ${storage.bucket} at ${storage.endpoint}${storage.forcePathStyle ? ' (path style)' : ''}`,
    };
  }
  const dir = path.resolve(options.dataDir, 'objects');
  const secretAccessKey = storage.secret ?? localStorageSecret(dir);
  removeStaleTemporaryFiles(path.join(dir, '.tmp'), Date.now() - 24 * 60 * 60 * 1000);
  return {
    store: new LocalObjectStore({ dir, publicUrl: options.publicUrl, secretAccessKey, clock: options.clock }),
    description: `files in ${dir}, served at ${options.publicUrl}/storage`,
  };
}
