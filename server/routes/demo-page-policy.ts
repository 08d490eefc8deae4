/**
 * The Content-Security-Policy each demo page is served with: the strictest one that page works
 * under. Demo pages stand in for customers' sites, so they keep what real sites have (inline
 * scripts and styles, `onsubmit="return false"`, a `<base>` pointing elsewhere) — but as pages on
 * the API's origin they must not be scriptable by anything else or framed by anyone. So every
 * `<script>` and `<style>` of the file gets a fresh nonce per response, inline handlers are allowed
 * by the hash of their exact text ('unsafe-hashes'), a declared `<base>` by its origin, and nothing
 * else runs. A page that already places `%PINMARK_NONCE%` itself (demo/hostile/csp.html, the strict
 * site) keeps exactly the policy it was written against.
 */
import { createHash } from 'node:crypto';

export const NONCE_PLACEHOLDER = '%PINMARK_NONCE%';

export interface DemoPage {
  /** The file with a nonce placeholder on every script and style element. */
  html: string;
  /** `'sha256-…'` sources for the page's inline event handlers. */
  handlerHashes: string[];
  /** Origins of the page's own `<base href>`. */
  baseOrigins: string[];
  /** The page placed the nonce itself and wants the plain strict policy. */
  ownsNonce: boolean;
}

const decodeAttribute = (value: string): string =>
  value.replace(
    /&(quot|#39|apos|lt|gt|amp);/g,
    (_, name: string) => ({ quot: '"', '#39': "'", apos: "'", lt: '<', gt: '>', amp: '&' })[name]!,
  );

const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function prepareDemoPage(source: string): DemoPage {
  if (source.includes(NONCE_PLACEHOLDER)) return { html: source, handlerHashes: [], baseOrigins: [], ownsNonce: true };
  const html = source.replace(/<(script|style)\b(?![^>]*\bnonce=)/gi, `<$1 nonce="${NONCE_PLACEHOLDER}"`);
  const handlers = new Set<string>();
  for (const match of source.matchAll(/\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')/gi))
    handlers.add(cspHash(decodeAttribute(match[1] ?? match[2] ?? '')));
  const baseOrigins = new Set<string>();
  for (const match of source.matchAll(/<base\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi)) {
    try {
      baseOrigins.add(new URL(match[1]!).origin);
    } catch {
      // A relative base stays on this origin, which 'self' already allows.
    }
  }
  return { html, handlerHashes: [...handlers], baseOrigins: [...baseOrigins], ownsNonce: false };
}

export function demoPagePolicy(page: DemoPage, nonce: string, apiOrigin: string): string {
  const handlers = page.handlerHashes.length > 0 ? ` 'unsafe-hashes' ${page.handlerHashes.join(' ')}` : '';
  return [
    `default-src 'self' ${apiOrigin}`,
    `script-src 'nonce-${nonce}' 'strict-dynamic'${handlers}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Style attributes cannot run script; real sites are full of them, and so are these pages.
    ...(page.ownsNonce ? [] : ["style-src-attr 'unsafe-inline'"]),
    // Images cannot run script; the image pages load some from a second origin on purpose (CORS).
    page.ownsNonce ? `img-src 'self' ${apiOrigin} data: blob:` : 'img-src * data: blob:',
    "object-src 'none'",
    `base-uri ${page.ownsNonce ? "'none'" : ["'self'", ...page.baseOrigins].join(' ')}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
