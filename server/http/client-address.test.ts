/**
 * Which address a request counts under: the socket's, X-Forwarded-For only through as many
 * proxies as are trusted, IPv6 by /64. (The attacks over the whole app: attacks/rate-limits.test.ts.)
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { socketEnv } from '../testing/support.ts';
import { addressKey, clientAddress, UNKNOWN_ADDRESS } from './client-address.ts';

async function addressOf(trustedProxies: number, socket: string | undefined, forwardedFor?: string): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustedProxies)));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor };
  return (await app.request('/', { headers }, socket ? socketEnv(socket) : undefined)).text();
}

describe('addressKey', () => {
  it('keeps IPv4, counts IPv6 that stands for an IPv4 as that IPv4, and groups other IPv6 by /64', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:cb00:7105')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:0:7::5')).toBe('2001:db8:0:7::/64');
    expect(addressKey('2001:DB8:0:7:ffff:1:2:3')).toBe('2001:db8:0:7::/64');
    expect(addressKey('::1')).toBe('::/64');
    // NAT64 and 6to4 stand for an IPv4 client, counted as that IPv4.
    expect(addressKey('64:ff9b::cb00:7105')).toBe('203.0.113.5');
    expect(addressKey('2002:cb00:7105::1')).toBe('203.0.113.5');
  });
});

describe('clientAddress', () => {
  it('is the socket address, whatever X-Forwarded-For says, when no proxy is trusted', async () => {
    expect(await addressOf(0, '203.0.113.5', '198.51.100.1')).toBe('203.0.113.5');
    expect(await addressOf(0, undefined, '198.51.100.1')).toBe(UNKNOWN_ADDRESS);
  });

  it('takes the entry the trusted proxies wrote, never one the client wrote before them', async () => {
    expect(await addressOf(1, '10.0.0.2', 'spoofed, 198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    // CDN then load balancer: the CDN appended the client, the balancer the CDN.
    expect(await addressOf(2, '10.0.0.2', '198.51.100.1, 203.0.113.9, 192.0.2.44')).toBe('203.0.113.9');
    expect(await addressOf(1, '10.0.0.2', '[2001:db8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(await addressOf(1, '10.0.0.2', '203.0.113.9:5123')).toBe('203.0.113.9');
  });

  it('falls back to the socket for a missing or unreadable entry, and to the first entry for a short chain', async () => {
    expect(await addressOf(1, '10.0.0.2')).toBe('10.0.0.2');
    expect(await addressOf(1, '10.0.0.2', 'unknown')).toBe('10.0.0.2');
    expect(await addressOf(3, '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
  });
});
