/**
 * A DNS for tests: names answer what the test set, everything else is NXDOMAIN, the way a real
 * resolver fails. This machine has no network, and tests must never send traffic anywhere but
 * loopback, so attacks that depend on what a name resolves to (a private address, a DNS rebinding
 * between registration and delivery) are staged here instead of on a real resolver.
 */
import type { HostLookup, ResolvedAddress } from '../net/lookup.ts';
import { isIP } from 'node:net';

export interface FakeDns {
  lookup: HostLookup;
  /** What `name` resolves to from now on (an empty list: NXDOMAIN). */
  set(name: string, addresses: string[]): void;
  /** Every name asked, in order. */
  asked: string[];
}

export function fakeDns(records: Record<string, string[]> = {}): FakeDns {
  const table = new Map(Object.entries(records).map(([name, addresses]) => [name.toLowerCase(), addresses]));
  const asked: string[] = [];
  return {
    asked,
    set: (name, addresses) => void table.set(name.toLowerCase(), addresses),
    lookup: async (hostname) => {
      asked.push(hostname);
      const addresses = table.get(hostname.toLowerCase()) ?? [];
      if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
      return addresses.map((address): ResolvedAddress => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
    },
  };
}
