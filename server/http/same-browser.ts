/**
 * "This browser, on our own page": the demo-only sources of identity (the development sign-in and
 * the demo's customer backend) must never hand out an identity a caller merely names. They tie it
 * to a random secret kept in an HttpOnly, SameSite=Strict cookie (script cannot read it, other sites
 * cannot send it) and derive the identity from that secret one-way, so a stored or shown id never
 * gives the secret away (browserBoundId in server/auth/tokens.ts). A request without the cookie — another browser, curl — always gets a
 * brand-new secret, hence a brand-new person.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { randomBytes } from 'node:crypto';
import { forbidden } from '../domain/errors.ts';

/** 32 random bytes in base64url: anything else in the cookie is ignored and replaced. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface BrowserCookie {
  name: string;
  /** Sent only to the endpoint that needs it, not with every page and API call. */
  path: string;
}

/**
 * Refuses requests a browser marks as coming from another origin (Sec-Fetch-Site, or an Origin that
 * is not this server). Browsers send Origin on every POST; a request with neither header is not
 * from a browser page, and whatever it asks for it can only get a fresh identity of its own.
 */
export function refuseOtherOrigins(c: Context, publicUrl: string, what: string): void {
  const ownOrigin = new URL(publicUrl).origin;
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  // The request's own origin counts too: the same server reached as 127.0.0.1 instead of localhost.
  const own = origin === undefined || origin === ownOrigin || origin === new URL(c.req.url).origin;
  if ((site !== undefined && site !== 'same-origin') || !own) {
    throw forbidden(`${what} answers only this server's own pages (${ownOrigin}), not other origins`);
  }
}

/** This browser's secret from its cookie, or a new one (set on the response) when it has none. */
export function browserSecret(c: Context, cookie: BrowserCookie, publicUrl: string): string {
  const sent = getCookie(c, cookie.name);
  const secret = sent !== undefined && SECRET_PATTERN.test(sent) ? sent : randomBytes(32).toString('base64url');
  // Set again on every use, so a browser in regular use keeps its identity for a year after the last.
  setCookie(c, cookie.name, secret, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(publicUrl).protocol === 'https:',
    maxAge: COOKIE_MAX_AGE_S,
  });
  return secret;
}
