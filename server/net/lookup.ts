/**
 * Name resolution for webhook targets, as one injectable function: the routes and the delivery
 * worker ask it, tests replace it (server/testing/fake-dns.ts) to stage names that resolve privately. The
 * system lookup is getaddrinfo, what Node's own HTTP client would use (hosts file, search
 * domains, NSS), so a receiver reachable by `curl` on the server is reachable here too.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isLocalhostName } from './address-rules.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of `hostname`; rejects (with a `code` such as ENOTFOUND) when there is none. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

export const systemLookup: HostLookup = async (hostname) => {
  // RFC 6761: localhost names are the loopback interface without asking anyone (not every
  // resolver knows `api.localhost`, and none may be trusted to answer something else for it).
  if (isLocalhostName(hostname)) return LOOPBACK;
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * `lookup` giving up after `ms`. getaddrinfo cannot be cancelled, so a hung lookup finishes
 * unobserved in the thread pool; the caller is not kept waiting for it.
 */
export function withTimeout(lookup: HostLookup, ms: number): HostLookup {
  return (hostname) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(Object.assign(new Error(`DNS lookup of ${hostname} timed out after ${ms} ms`), { code: 'ETIMEOUT' })),
        ms,
      );
      lookup(hostname).then(
        (addresses) => (clearTimeout(timer), resolve(addresses)),
        (error: unknown) => (clearTimeout(timer), reject(error)),
      );
    });
}
