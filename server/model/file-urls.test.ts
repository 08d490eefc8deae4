/**
 * Signed read URLs are remembered for their window: within one window the store signs each
 * (key, inline or download name) once and every read answers the same URL; a new window signs
 * afresh, and a download under another name is another URL.
 */
import { describe, expect, it } from 'vitest';
import type { ObjectStore, PresignGetOptions } from '../storage/object-store.ts';
import { READ_URL_MIN_SECONDS, READ_URL_WINDOW_SECONDS } from '../domain/upload-rules.ts';
import { fileUrls } from './file-urls.ts';

function countingStore() {
  const calls: { key: string; expiresInSec: number; options?: PresignGetOptions }[] = [];
  const store = {
    presignGet(key: string, expiresInSec: number, options?: PresignGetOptions) {
      calls.push({ key, expiresInSec, options });
      return `https://store.example/${key}?at=${options?.at}&n=${calls.length}${options?.downloadFilename ? `&as=${options.downloadFilename}` : ''}`;
    },
  } as unknown as ObjectStore;
  return { store, calls };
}

describe('fileUrls', () => {
  const windowMs = READ_URL_WINDOW_SECONDS * 1000;
  const start = Date.UTC(2026, 10, 26, 12, 0, 0);

  it('signs a key once per window and hands out the same URL', () => {
    const { store, calls } = countingStore();
    let now = start + 1234;
    const urls = fileUrls(store, { now: () => now });
    const first = urls.read('ws/a/p0-preview.webp', 'image/webp', 'preview.webp');
    now += windowMs - 2000;
    const again = urls.read('ws/a/p0-preview.webp', 'image/webp', 'preview.webp');
    expect(again).toEqual(first);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      key: 'ws/a/p0-preview.webp',
      expiresInSec: READ_URL_MIN_SECONDS + READ_URL_WINDOW_SECONDS,
      options: { at: start },
    });
    expect(first.expiresAt).toBe(start + (READ_URL_MIN_SECONDS + READ_URL_WINDOW_SECONDS) * 1000);
  });

  it('signs afresh in the next window, with an hour still to live', () => {
    const { store, calls } = countingStore();
    let now = start + windowMs - 1;
    const urls = fileUrls(store, { now: () => now });
    const before = urls.read('k', 'image/png', 'a.png');
    now += 1;
    const after = urls.read('k', 'image/png', 'a.png');
    expect(after.url).not.toBe(before.url);
    expect(calls.map((c) => c.options?.at)).toEqual([start, start + windowMs]);
    expect(after.expiresAt - now).toBeGreaterThanOrEqual(READ_URL_MIN_SECONDS * 1000);
  });

  it('keeps downloads under different names apart, and inline images apart from downloads', () => {
    const { store, calls } = countingStore();
    const urls = fileUrls(store, { now: () => start });
    const report = urls.read('k', 'application/pdf', 'report.pdf');
    const renamed = urls.read('k', 'application/pdf', 'renamed.pdf');
    const inline = urls.read('k', 'image/png', 'report.pdf');
    expect(new Set([report.url, renamed.url, inline.url]).size).toBe(3);
    expect(calls.map((c) => c.options?.downloadFilename)).toEqual(['report.pdf', 'renamed.pdf', undefined]);
    expect(urls.read('k', 'application/pdf', 'report.pdf')).toEqual(report);
  });

  it('shares what it remembers between readers of the same store, not between stores', () => {
    const a = countingStore();
    const b = countingStore();
    fileUrls(a.store, { now: () => start }).read('k', 'image/png', 'x.png');
    fileUrls(a.store, { now: () => start }).read('k', 'image/png', 'x.png');
    fileUrls(b.store, { now: () => start }).read('k', 'image/png', 'x.png');
    expect(a.calls).toHaveLength(1);
    expect(b.calls).toHaveLength(1);
  });
});
