/**
 * Weak ETags for reads whose answer is named by a cheap version stamp (the review app's `GET /inbox`
 * and `GET /threads/:id`, issue 16): the tag hashes the stamp with everything else the answer
 * depends on — the viewer included, since unread marks, scopes and "me" filters differ per person —
 * so a live poll with nothing new costs a 304 without building the body. Weak because the stamp
 * names the data, not the bytes; a tag older than the body (the stamp is read first) only costs
 * one more 200, never a stale 304.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** Clients may keep the answer but must ask again (If-None-Match → 304 while nothing changed). */
export const REVALIDATE = 'private, no-cache';

export function weakEtag(parts: unknown[]): string {
  return `W/"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32)}"`;
}

/** Whether `If-None-Match` names this tag (weak comparison: W/ prefixes are ignored, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

/** A 304 when the client holds this tag; otherwise undefined, with the tag set on the coming answer. */
export function notModified(c: Context, etag: string): Response | undefined {
  c.header('ETag', etag);
  c.header('Cache-Control', REVALIDATE);
  if (!matchesIfNoneMatch(c.req.header('if-none-match'), etag)) return undefined;
  return c.body(null, 304, { ETag: etag, 'Cache-Control': REVALIDATE });
}
