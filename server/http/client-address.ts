/**
 * The client address a request is counted under. The socket's remote address is the only one a
 * client cannot choose; X-Forwarded-For is anyone's to write, so it is read only when
 * PINMARK_TRUST_PROXY says how many proxies of ours append to it, and then only the entry the
 * nearest of them wrote about its own peer — entries further left came with the request.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { embeddedIpv4, formatIp, parseIp } from '../net/ip.ts';

/** Requests without a socket (in-process `app.request`, i.e. tests) share this one address. */
export const UNKNOWN_ADDRESS = 'unknown';

/** The socket's remote address as @hono/node-server passes it (`c.env.incoming`); undefined without one. */
function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  return typeof address === 'string' && address !== '' ? address : undefined;
}

/** Proxies write `1.2.3.4`, some `1.2.3.4:5678` or `[2001:db8::1]:443`; anything else is not an address. */
function bareAddress(entry: string): string | undefined {
  const value = entry.trim();
  if (isIP(value)) return value;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed && isIP(bracketed[1]!) === 6) return bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (withPort && isIP(withPort[1]!) === 4) return withPort[1];
  return undefined;
}

/**
 * One key per client: IPv4 as is; IPv6 that stands for an IPv4 address (mapped, NAT64, 6to4) as
 * that IPv4; other IPv6 by its /64, since one subscriber is routinely given a whole /64 and could
 * otherwise count afresh under each address.
 */
export function addressKey(address: string): string {
  const ip = parseIp(address);
  if (!ip) return address;
  const v4 = ip.version === 4 ? ip : embeddedIpv4(ip);
  if (v4) return formatIp(v4);
  return `${formatIp({ version: 6, value: (ip.value >> 64n) << 64n })}/64`;
}

/**
 * The client's address key. `trustedProxies` = n: the socket is the nearest proxy and each proxy
 * appends its peer to X-Forwarded-For, so the client is the n-th entry from the end of
 * [...X-Forwarded-For, socket]. A shorter list (a request that bypassed a proxy) gives its first
 * entry; an entry that is not an address gives the socket's.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  const socket = socketAddress(c);
  const fallback = socket ? (bareAddress(socket) ?? socket) : undefined;
  if (trustedProxies > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chain = [...forwarded, socket ?? UNKNOWN_ADDRESS];
    const entry = chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
    const address = bareAddress(entry);
    if (address) return addressKey(address);
  }
  if (!fallback) return UNKNOWN_ADDRESS;
  return isIP(fallback) ? addressKey(fallback) : fallback;
}
