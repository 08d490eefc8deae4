/**
 * Conditional reads for the review app (issue 16): the inbox and a thread are read again every 10 s
 * by the live refresh, and mostly nothing changed. This fetch, given to the widget's API client,
 * remembers the last answer and ETag of `GET /inbox` and `GET /threads/:id` per address and token,
 * sends `If-None-Match`, and turns the server's 304 back into that answer — so an idle poll moves a
 * few hundred bytes and the server builds nothing. The browser's own cache is bypassed for these
 * reads (`no-store`), so exactly one party revalidates. Other requests pass through untouched.
 */

/** Addresses remembered at most (the inbox's first pages and the threads opened lately). */
const MAX_ENTRIES = 40;
const CONDITIONAL = /\/api\/v2\/(inbox|threads\/[^/?#]+)(\?|$)/;

interface Kept {
  etag: string;
  text: string;
}

export function conditionalFetch(inner: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  const kept = new Map<string, Kept>();
  const remember = (key: string, value: Kept) => {
    kept.delete(key);
    kept.set(key, value);
    if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value!);
  };
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if ((init?.method ?? 'GET') !== 'GET' || !CONDITIONAL.test(url)) return inner(input, init);
    // The token is part of the key: another person's (or session's) answer is never reused.
    const headers = new Headers(init?.headers);
    const key = `${headers.get('Authorization')}\n${url}`;
    const known = kept.get(key);
    if (known) headers.set('If-None-Match', known.etag);
    const response = await inner(input, { ...init, headers, cache: 'no-store' });
    if (response.status === 304) {
      if (!known) return inner(input, { ...init, cache: 'no-store' });
      remember(key, known);
      return new Response(known.text, { headers: { 'Content-Type': 'application/json', ETag: known.etag } });
    }
    const etag = response.headers.get('ETag');
    if (response.ok && etag) {
      remember(key, { etag, text: await response.clone().text() });
    } else kept.delete(key);
    return response;
  };
}
