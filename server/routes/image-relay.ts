/**
 * GET /image-relay?url=… (Pinmark's own endpoint, not in the spec; docs/api-decisions.md "Image
 * relay"): the bytes of an image a reviewer's screenshot needs. A canvas that draws a cross-origin
 * image the host page loaded without CORS can no longer be read, and asking the image's host again
 * with CORS makes the browser report "blocked by CORS policy" in the host page's console whenever
 * that host does not allow it — and issue 14 says a capture adds nothing to the page's console. So
 * the widget asks here instead: the server fetches the image under the webhook address rules
 * (server/net/pinned-get.ts: public addresses only in production), with a size cap and a time
 * limit, and answers it only when its first bytes are the image type it claims. Any signed-in
 * caller may ask (the screenshot it serves goes to this server anyway); a rate limit keeps it from
 * being a free fetcher. The host's cookies are never sent: an image behind a login stays out of
 * the screenshot, as it would with CORS.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError, validationFailed } from '../domain/errors.ts';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { readQuery } from '../http/validate.ts';
import { FetchRefusedError, fetchVetted, type FetchedFile } from '../net/pinned-get.ts';
import { targetPolicy } from '../net/target-check.ts';
import { httpUrl } from '../schemas/threads.ts';

/** Bigger images are left out of the screenshot (a page rarely shows one this large). */
export const IMAGE_RELAY_LIMITS = { maxBytes: 8 * 1024 * 1024, timeoutMs: 10_000 };

export const imageRelayQuerySchema = z.object({ url: httpUrl });

const startsWith = (head: Buffer, text: string, at = 0) => head.subarray(at, at + text.length).toString('latin1') === text;

/** The image types relayed, each with a check of its first bytes (so nothing else passes as one). */
const IMAGE_SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (h) => startsWith(h, '\x89PNG\r\n\x1a\n'),
  'image/jpeg': (h) => startsWith(h, '\xff\xd8\xff'),
  'image/gif': (h) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a'),
  'image/webp': (h) => startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8),
  'image/avif': (h) => startsWith(h, 'ftyp', 4),
  // An SVG drawn through <img> runs no script; it is text that starts with markup.
  'image/svg+xml': (h) => /^\s*(<\?xml|<svg|<!--|<!DOCTYPE svg)/i.test(h.toString('utf8')),
};

const refuse = (message: string) => validationFailed(`url ${message}`, [{ path: 'url', message }]);
/** What the URL answered is no image to draw (as POST /markups/url words it: 422, or 415 for its type). */
const upstream = (message: string) => refuse(message);
const notAnImage = (message: string) => new ApiError(415, 'unsupported_media_type', `url ${message}`, [{ path: 'url', message }]);

async function readCapped(fetched: FetchedFile, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of fetched.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMAGE_RELAY_LIMITS.maxBytes) {
      fetched.body.destroy();
      throw new ApiError(413, 'payload_too_large', `The image is larger than ${IMAGE_RELAY_LIMITS.maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  if (signal.aborted) throw upstream(`did not arrive within ${IMAGE_RELAY_LIMITS.timeoutMs / 1000} s`);
  return Buffer.concat(chunks);
}

export function imageRelayRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/image-relay', async (c) => {
    const { url } = readQuery(c, imageRelayQuerySchema);
    const target = new URL(url);
    if (target.username || target.password) throw refuse('must not contain a user name or password');
    const signal = AbortSignal.timeout(IMAGE_RELAY_LIMITS.timeoutMs);
    let fetched: FetchedFile;
    try {
      fetched = await fetchVetted(target, targetPolicy(deps.config.webhooks, deps.lookup), signal);
    } catch (error) {
      if (error instanceof FetchRefusedError) throw refuse(error.publicReason);
      throw upstream(signal.aborted ? `did not answer within ${IMAGE_RELAY_LIMITS.timeoutMs / 1000} s` : 'could not be fetched');
    }
    if (fetched.status < 200 || fetched.status > 299) {
      fetched.body.destroy();
      throw upstream(`answered HTTP ${fetched.status}`);
    }
    const type = (fetched.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const matches = IMAGE_SIGNATURES[type];
    if (!matches) {
      fetched.body.destroy();
      throw notAnImage(`answered ${type || 'no declared type'}, not an image type a screenshot draws`);
    }
    const bytes = await readCapped(fetched, signal);
    if (!matches(bytes.subarray(0, 64))) throw notAnImage(`answered a file that does not look like ${type} (its first bytes do not match)`);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': type,
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      // Never a document of this origin, should anyone open it (an SVG could hold script).
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });
  return routes;
}
