/**
 * Traffic as the deployed server sees it, for the latency bench: many visitors behind one reverse
 * proxy (X-Forwarded-For, with the server trusting one proxy) and many reviewers, so the rate
 * limits — per client address and per reviewer — see a crowd rather than one very busy client.
 */
import { importJWK, SignJWT } from 'jose';
import type { BenchServer } from './server.ts';

/**
 * Reviewers the POST rows are spread over; within their per-minute limits (60 threads each) they
 * allow far more than a row sends — also both rounds of both variants of the write rows
 * (server-latency.ts) within one minute on a machine that serves 1000 new threads a second.
 */
export const REVIEWERS = 250;
/** Client addresses behind the trusted proxy, rotated per request. */
export const CLIENTS = 200;

/** Client n's address (TEST-NET-style benchmark range 198.18.0.0/15). */
export const clientAddress = (n: number): string => `198.18.${Math.floor((n % CLIENTS) / 250)}.${(n % CLIENTS) % 250}`;

/** Exchange tokens for REVIEWERS reviewers, signed in the way the customer's backend signs its users in. */
export async function reviewerTokens(server: BenchServer): Promise<string[]> {
  const { privateJwk, alg, iss, aud } = server.demo.customerJwt;
  const key = await importJWK(privateJwk, alg);
  return Promise.all(
    Array.from({ length: REVIEWERS }, async (_, n) => {
      const iat = Math.floor(Date.now() / 1000);
      const jwt = await new SignJWT({ name: `Bench reviewer ${n}`, markupId: server.demo.markupId })
        .setProtectedHeader({ alg })
        .setIssuer(iss)
        .setAudience(aud)
        .setSubject(`bench-reviewer-${n}`)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 600)
        .sign(key);
      const res = await fetch(`${server.url}/api/v2/auth/exchange`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress(n) },
        body: JSON.stringify({ token: jwt }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`exchange for reviewer ${n}: ${res.status} ${text.slice(0, 300)}`);
      return (JSON.parse(text) as { data: { exchangeToken: string } }).data.exchangeToken;
    }),
  );
}
