/**
 * Choosing the object store from the environment: the local store by default with a secret kept
 * per data folder (or PINMARK_STORAGE_SECRET), an S3 bucket when PINMARK_S3_BUCKET is set, and a
 * clear start-up error for a half-configured bucket.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../domain/config.ts';
import { systemClock } from '../domain/clock.ts';
import { LocalObjectStore } from './local-store.ts';
import { localStorageSecret, openObjectStore } from './open.ts';
import { S3ObjectStore } from './s3-store.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pinmark-open-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('storage configuration', () => {
  it('defaults to the local store with a secret generated once per data folder', () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({ driver: 'local' });
    const dataDir = tempDir();
    const opened = openObjectStore({ storage: config.storage, dataDir, publicUrl: 'http://localhost:8787', clock: systemClock });
    expect(opened.store).toBeInstanceOf(LocalObjectStore);
    const secretFile = path.join(dataDir, 'objects', 'secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = localStorageSecret(path.join(dataDir, 'objects'));
    expect(secret).toHaveLength(43);
    expect(localStorageSecret(path.join(dataDir, 'objects'))).toBe(secret);
    expect(localStorageSecret(path.join(tempDir(), 'objects'))).not.toBe(secret);
  });

  it('takes PINMARK_STORAGE_SECRET, refusing a short one', () => {
    expect(loadConfig({ PINMARK_STORAGE_SECRET: 'x'.repeat(32) }).storage).toEqual({ driver: 'local', secret: 'x'.repeat(32) });
    expect(() => loadConfig({ PINMARK_STORAGE_SECRET: 'short' })).toThrow(/at least 16/);
  });

  it('selects an S3 bucket by PINMARK_S3_BUCKET', () => {
    const keys = { PINMARK_S3_ACCESS_KEY_ID: 'AKID', PINMARK_S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ ...keys, PINMARK_S3_BUCKET: 'fb', PINMARK_S3_REGION: 'eu-west-1' }).storage).toEqual({
      driver: 's3',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'fb',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const minio = loadConfig({ ...keys, PINMARK_S3_BUCKET: 'fb', PINMARK_S3_ENDPOINT: 'http://minio:9000/' }).storage;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true });
    expect(
      loadConfig({ ...keys, PINMARK_S3_BUCKET: 'fb', PINMARK_S3_ENDPOINT: 'https://r2.example', PINMARK_S3_FORCE_PATH_STYLE: 'false' })
        .storage,
    ).toMatchObject({ forcePathStyle: false });
    const opened = openObjectStore({ storage: minio, dataDir: tempDir(), publicUrl: 'http://localhost:8787', clock: systemClock });
    expect(opened.store).toBeInstanceOf(S3ObjectStore);
    expect(opened.description).toBe('S3 bucket fb at http://minio:9000 (path style)');
    expect(() => loadConfig({ PINMARK_S3_BUCKET: 'fb' })).toThrow(/PINMARK_S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...keys, PINMARK_S3_BUCKET: 'fb', PINMARK_S3_ENDPOINT: 'not a url' })).toThrow(/PINMARK_S3_ENDPOINT/);
  });
});
