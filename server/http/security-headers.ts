/**
 * Headers every answer carries, and a last-resort policy for HTML. A page this server serves must
 * never be framed by a hostile site (a signed-in widget or sign-in form under someone else's UI is
 * a clickjacking target), never be sniffed into another type, and never leak its URL — which can
 * hold a sign-in `state` — to the sites it links to. Routes that serve HTML set their own
 * Content-Security-Policy (the sign-in page, the demo pages); an HTML answer without one (an error
 * page, anything added later and forgotten) gets the strictest policy instead of none.
 */
import type { MiddlewareHandler } from 'hono';

/** Nothing loads, nothing frames, nothing submits: for HTML that did not say what it needs. */
export const FALLBACK_HTML_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  let headers = c.res.headers;
  try {
    headers.set('X-Content-Type-Options', headers.get('X-Content-Type-Options') ?? 'nosniff');
  } catch {
    // A Response whose headers are immutable (passed through from fetch): copy it once.
    c.res = new Response(c.res.body, c.res);
    headers = c.res.headers;
  }
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!/^text\/html\b/i.test(headers.get('Content-Type') ?? '')) return;
  const policy = headers.get('Content-Security-Policy');
  if (!policy) headers.set('Content-Security-Policy', FALLBACK_HTML_POLICY);
  // frame-ancestors is what browsers read today; X-Frame-Options covers the ones that predate it.
  if (!headers.has('X-Frame-Options') && (!policy || /frame-ancestors\s+'none'/.test(policy))) headers.set('X-Frame-Options', 'DENY');
};
