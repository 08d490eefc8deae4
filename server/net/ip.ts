/**
 * IP addresses as numbers, so ranges are compared by arithmetic rather than by string patterns
 * (which miss `::ffff:7f00:1`, `0:0:0:0:0:0:0:1` and the other spellings of one address). IPv6
 * forms that carry an IPv4 address inside (mapped, NAT64, 6to4) give it up, so the IPv4 rules see
 * it: `::ffff:127.0.0.1` is as much loopback as `127.0.0.1`.
 */
import { isIPv4, isIPv6 } from 'node:net';

export interface Ip {
  version: 4 | 6;
  /** 32 or 128 bits. */
  value: bigint;
}

const V4_BITS = 32n;
const V6_BITS = 128n;

/** `[::1]` (a URL host) or `fe80::1%eth0` (a scoped address) also parse; anything else not an IP is null. */
export function parseIp(text: string): Ip | null {
  const host = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(host)) return { version: 4, value: v4Value(host) };
  if (isIPv6(host)) return { version: 6, value: v6Value(host) };
  return null;
}

function v4Value(text: string): bigint {
  return text.split('.').reduce((sum, octet) => (sum << 8n) | BigInt(Number(octet)), 0n);
}

/** `text` is a valid IPv6 address (checked by isIPv6); `::` and a dotted IPv4 tail expanded. */
function v6Value(text: string): bigint {
  const groupsOf = (part: string | undefined): bigint[] =>
    !part
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [BigInt(parseInt(group, 16))];
          const v4 = v4Value(group);
          return [v4 >> 16n, v4 & 0xffffn];
        });
  const [head, tail] = text.split('::');
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<bigint>(8 - left.length - right.length).fill(0n);
  return [...left, ...zeros, ...right].reduce((sum, group) => (sum << 16n) | group, 0n);
}

export function formatIp(ip: Ip): string {
  if (ip.version === 4) return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 0xffn)).join('.');
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => ((ip.value >> shift) & 0xffffn).toString(16));
  // The longest run of zero groups (two or more) becomes `::`, as RFC 5952 writes it.
  let best = { at: -1, length: 1 };
  for (let at = 0; at < 8; at++) {
    let length = 0;
    while (at + length < 8 && groups[at + length] === '0') length++;
    if (length > best.length) best = { at, length };
  }
  if (best.at < 0) return groups.join(':');
  return `${groups.slice(0, best.at).join(':')}::${groups.slice(best.at + best.length).join(':')}`;
}

export interface Cidr {
  version: 4 | 6;
  base: bigint;
  bits: number;
}

/** `10.0.0.0/8`, `fc00::/7`, or a single address (a /32 or /128); null when not one. */
export function parseCidr(text: string): Cidr | null {
  const [address, prefix, ...rest] = text.split('/');
  if (rest.length > 0 || address === undefined) return null;
  const ip = parseIp(address);
  if (!ip) return null;
  const width = ip.version === 4 ? V4_BITS : V6_BITS;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
  const bits = prefix === undefined ? Number(width) : Number(prefix);
  if (bits > Number(width)) return null;
  return { version: ip.version, base: ip.value & mask(width, bits), bits };
}

function mask(width: bigint, bits: number): bigint {
  const all = (1n << width) - 1n;
  return all ^ ((1n << (width - BigInt(bits))) - 1n);
}

export function inCidr(ip: Ip, range: Cidr): boolean {
  if (ip.version !== range.version) return false;
  return (ip.value & mask(ip.version === 4 ? V4_BITS : V6_BITS, range.bits)) === range.base;
}

export function cidr(text: string): Cidr {
  const range = parseCidr(text);
  if (!range) throw new Error(`not a CIDR range: ${text}`);
  return range;
}

const MAPPED = cidr('::ffff:0:0/96');
const NAT64 = cidr('64:ff9b::/96');
const SIX_TO_FOUR = cidr('2002::/16');

/**
 * The IPv4 address an IPv6 address stands for, where it stands for one: IPv4-mapped
 * (`::ffff:a.b.c.d`, what a dual-stack socket reports), well-known NAT64 (`64:ff9b::/96`, where an
 * IPv6-only host reaches IPv4) and 6to4 (`2002:AABB:CCDD::/48`). Traffic to them ends at that IPv4.
 */
export function embeddedIpv4(ip: Ip): Ip | null {
  if (ip.version !== 6) return null;
  if (inCidr(ip, MAPPED) || inCidr(ip, NAT64)) return { version: 4, value: ip.value & 0xffffffffn };
  if (inCidr(ip, SIX_TO_FOUR)) return { version: 4, value: (ip.value >> 80n) & 0xffffffffn };
  return null;
}
