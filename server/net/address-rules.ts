/**
 * Which addresses a webhook may reach: public unicast only. Everything a request from the server
 * could use to reach the server itself, its network or its cloud provider is refused — loopback,
 * private and shared (CGNAT) ranges, link-local (with the 169.254.169.254 metadata service),
 * unique-local, unspecified, multicast, broadcast and the reserved, documentation and benchmarking
 * ranges of the IANA special-purpose registries. IPv6 is judged the other way round (only global
 * unicast 2000::/3 may pass, minus its special blocks) so that forms nobody thought of are refused.
 *
 * The operator's allow-list (`PINMARK_WEBHOOK_ALLOWED_HOSTS`) makes exceptions for receivers on a
 * private network or the development machine: host names (each covering the names under it, as
 * NO_PROXY does), IP addresses and CIDR ranges. Pure code; DNS lives in lookup.ts.
 *
 * Hand-written ranges rather than node:net's BlockList: a refusal names the kind of address
 * ("a cloud metadata address"), and the IPv4 inside mapped, NAT64 and 6to4 addresses is judged too.
 */
import { cidr, embeddedIpv4, formatIp, inCidr, parseCidr, parseIp, type Cidr, type Ip } from './ip.ts';

interface Rule {
  range: Cidr;
  /** How a refusal describes it: "is 10.0.0.5, a private address". */
  kind: string;
}

const rules = (entries: [string, string][]): Rule[] => entries.map(([range, kind]) => ({ range: cidr(range), kind }));

// First match wins, so a single address comes before the range holding it.
const IPV4_RULES = rules([
  ['0.0.0.0/8', 'an unspecified address'], // "this network"; a connection to 0.0.0.0 reaches the host itself
  ['10.0.0.0/8', 'a private address'],
  ['100.64.0.0/10', 'a shared (carrier-grade NAT) address'], // also Alibaba Cloud's metadata, 100.100.100.200
  ['127.0.0.0/8', 'a loopback address'],
  ['169.254.169.254/32', 'a cloud metadata address'], // AWS, GCP, Azure, DigitalOcean, OpenStack
  ['169.254.0.0/16', 'a link-local address'],
  ['172.16.0.0/12', 'a private address'],
  ['192.0.0.0/24', 'an IETF protocol address'], // Oracle Cloud's metadata is 192.0.0.192
  ['192.0.2.0/24', 'a documentation address'],
  ['192.88.99.0/24', 'a reserved address'], // the retired 6to4 relay anycast
  ['192.168.0.0/16', 'a private address'],
  ['198.18.0.0/15', 'a benchmarking address'],
  ['198.51.100.0/24', 'a documentation address'],
  ['203.0.113.0/24', 'a documentation address'],
  ['224.0.0.0/4', 'a multicast address'],
  ['255.255.255.255/32', 'a broadcast address'],
  ['240.0.0.0/4', 'a reserved address'],
]);

const IPV6_RULES = rules([
  ['::/128', 'an unspecified address'],
  ['::1/128', 'a loopback address'],
  ['fd00:ec2::254/128', 'a cloud metadata address'], // AWS's IPv6 metadata endpoint
  ['fc00::/7', 'a unique-local address'],
  ['fe80::/10', 'a link-local address'],
  ['fec0::/10', 'a site-local address'],
  ['ff00::/8', 'a multicast address'],
  ['2001:db8::/32', 'a documentation address'],
  ['3fff::/20', 'a documentation address'],
  ['2001::/23', 'an IETF protocol address'], // Teredo (2001::/32) hides an IPv4 peer, ORCHID, benchmarking…
]);

const GLOBAL_UNICAST_V6 = cidr('2000::/3');

/** Why `ip` is refused ("a loopback address"), or null when it is public. */
export function refusedKind(ip: Ip): string | null {
  const inner = embeddedIpv4(ip);
  if (inner) return refusedKind(inner);
  const table = ip.version === 4 ? IPV4_RULES : IPV6_RULES;
  const rule = table.find((candidate) => inCidr(ip, candidate.range));
  if (rule) return rule.kind;
  if (ip.version === 6 && !inCidr(ip, GLOBAL_UNICAST_V6)) return 'a reserved address';
  return null;
}

/** `127.0.0.1`, or `::ffff:7f00:1 (127.0.0.1)` where an IPv4 address is inside. */
export function describeIp(ip: Ip): string {
  const inner = embeddedIpv4(ip);
  return inner ? `${formatIp(ip)} (${formatIp(inner)})` : formatIp(ip);
}

/** Lower case and without the trailing dot of a fully qualified name (`LOCALHOST.` is `localhost`). */
export function normalizeHostName(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/** `localhost` and every name under it mean this machine (RFC 6761), whatever DNS says. */
export function isLocalhostName(hostname: string): boolean {
  const host = normalizeHostName(hostname);
  return host === 'localhost' || host.endsWith('.localhost');
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 and ::1 (in any spelling): this machine itself. */
export function isLoopbackHost(hostname: string): boolean {
  const ip = parseIp(hostname);
  return ip ? refusedKind(ip) === 'a loopback address' : isLocalhostName(hostname);
}

export interface AllowList {
  /** `example.internal` covers itself and names under it; `*.example.internal` only the names under it. */
  names: { name: string; self: boolean }[];
  ranges: Cidr[];
}

export const NO_EXCEPTIONS: AllowList = { names: [], ranges: [] };

const HOST_NAME = /^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/**
 * The allow-list from the configuration's entries. A bad entry throws with the variable's name, so
 * the server refuses to start rather than guessing what an operator meant.
 */
export function parseAllowList(entries: readonly string[], source = 'PINMARK_WEBHOOK_ALLOWED_HOSTS'): AllowList {
  const list: AllowList = { names: [], ranges: [] };
  for (const raw of entries) {
    const entry = raw.trim();
    const range = parseCidr(entry);
    if (range) {
      list.ranges.push(range);
      continue;
    }
    const name = normalizeHostName(entry.startsWith('.') ? `*${entry}` : entry);
    if (entry.includes('/') || !HOST_NAME.test(name)) {
      throw new Error(`${source}: "${raw}" is not a host name, an IP address or a CIDR range (such as 10.0.0.0/8)`);
    }
    list.names.push(name.startsWith('*.') ? { name: name.slice(2), self: false } : { name, self: true });
  }
  return list;
}

export function allowsName(list: AllowList, hostname: string): boolean {
  const host = normalizeHostName(hostname);
  return list.names.some(({ name, self }) => (self && host === name) || host.endsWith(`.${name}`));
}

/** The address itself, or the IPv4 address inside it, is in a listed range. */
export function allowsAddress(list: AllowList, ip: Ip): boolean {
  const inner = embeddedIpv4(ip);
  return list.ranges.some((range) => inCidr(ip, range) || (inner !== null && inCidr(inner, range)));
}
