/**
 * URLs in a diagnostics report are read by people who are not the reviewer (the site's developers,
 * whoever the thread is shared with), so the values of secret-looking parameters are removed before
 * anything is stored: in the query, in a fragment (OAuth's implicit flow puts `access_token` there,
 * hash routers put a whole query there) and the user-info part (`https://user:pass@host`).
 *
 * A name is secret-looking when it contains one of SECRET_NAME_PARTS, case-insensitively. Substrings
 * are deliberately generous (`key` also hits `monkey`, `code` also hits `postcode`): removing a harmless
 * value costs little, leaking a token costs a lot. Everything else is kept byte for byte.
 */

export const SECRET_NAME_PARTS: readonly string[] = [
  'token', // token, access_token, refresh_token, id_token, csrftoken
  'key', // key, api_key, apikey, x-api-key
  'secret', // secret, client_secret
  'passw', // password, passwd
  'pwd',
  'auth', // auth, authorization, oauth_verifier
  'session', // session, sessionid, session_id
  'sig', // sig, signature, x-amz-signature
  'code', // OAuth authorization code, one-time codes
  'credential', // x-amz-credential
  'jwt',
  'ticket', // CAS service tickets
  'otp',
];

const MAX_URL_LENGTH = 2000;

export function isSecretName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    /* malformed escape: judge the raw name */
  }
  const lower = decoded.toLowerCase();
  return SECRET_NAME_PARTS.some((part) => lower.includes(part));
}

/** `a=1&token=x` → `a=1&token=`: values of secret-looking names removed, everything else as it was. */
function sanitizePairs(pairs: string): string {
  return pairs
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq > 0 && isSecretName(pair.slice(0, eq)) ? pair.slice(0, eq + 1) : pair;
    })
    .join('&');
}

/**
 * The URL with secret-looking parameter values and any user-info removed. Works on relative URLs
 * too and never throws; very long URLs (data: URLs) are cut to 2000 characters.
 */
export function sanitizeUrl(url: string): string {
  try {
    let rest = String(url);
    let fragment = '';
    const hash = rest.indexOf('#');
    if (hash >= 0) {
      fragment = rest.slice(hash + 1);
      rest = rest.slice(0, hash);
    }
    let query: string | null = null;
    const question = rest.indexOf('?');
    if (question >= 0) {
      query = rest.slice(question + 1);
      rest = rest.slice(0, question);
    }
    // scheme://user:password@host → scheme://host (a token is often the user name itself).
    rest = rest.replace(/^([a-z][a-z\d+.-]*:\/\/)[^/@]*@/i, '$1');
    let result = rest;
    if (query !== null) result += `?${sanitizePairs(query)}`;
    if (hash >= 0) {
      const inner = fragment.indexOf('?');
      // `#/route?token=x` (hash routers) or `#access_token=x&state=y` (implicit flow); else as is.
      if (inner >= 0) fragment = `${fragment.slice(0, inner + 1)}${sanitizePairs(fragment.slice(inner + 1))}`;
      else if (fragment.includes('=')) fragment = sanitizePairs(fragment);
      result += `#${fragment}`;
    }
    return result.length > MAX_URL_LENGTH ? `${result.slice(0, MAX_URL_LENGTH - 1)}…` : result;
  } catch {
    return '';
  }
}

/** Every http(s) URL inside a free text (a console message) sanitised. */
export function sanitizeUrlsInText(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s"'`<>(){}]+/gi, (match) => sanitizeUrl(match));
}
