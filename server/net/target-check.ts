/**
 * Whether a webhook URL may be called, judged on what its host is or resolves to (address-rules.ts).
 * Registration asks so that a bad target is refused at once with a clear error; the delivery worker
 * asks again before every attempt and connects only to the addresses it was given back
 * (pinned-post.ts), so a name cannot be public when checked and private when connected to (DNS
 * rebinding), and registrations stored under older rules are held to the current ones.
 */
import {
  allowsAddress,
  allowsName,
  describeIp,
  isLocalhostName,
  normalizeHostName,
  parseAllowList,
  refusedKind,
  type AllowList,
} from './address-rules.ts';
import { parseIp } from './ip.ts';
import { systemLookup, withTimeout, type HostLookup, type ResolvedAddress } from './lookup.ts';

/** Long enough for a slow resolver, short enough that a registration request does not hang. */
export const DEFAULT_LOOKUP_TIMEOUT_MS = 3000;

export const PUBLIC_ONLY = 'webhooks may only reach public addresses';

export interface TargetPolicy {
  allow: AllowList;
  lookup: HostLookup;
}

/** The policy for `config.webhooks`; throws on a bad allow-list entry (the server does not start). */
export function targetPolicy(
  config: { allowedPrivateHosts: readonly string[] },
  lookup: HostLookup = systemLookup,
  lookupTimeoutMs = DEFAULT_LOOKUP_TIMEOUT_MS,
): TargetPolicy {
  return { allow: parseAllowList(config.allowedPrivateHosts), lookup: withTimeout(lookup, lookupTimeoutMs) };
}

export type TargetCheck =
  /** `addresses` is empty only for an allow-listed name that was not resolved (registration). */
  | { outcome: 'allowed'; addresses: ResolvedAddress[] }
  /** `reason` names the address, for the operator's log; `publicReason` only its kind, for API callers. */
  | { outcome: 'refused'; reason: string; publicReason: string }
  | { outcome: 'unresolved'; reason: string };

export interface CheckOptions {
  /**
   * Resolve names the allow-list names (delivery: the connection needs the addresses). Registration
   * leaves them unresolved: whatever they resolve to is allowed anyway.
   */
  resolveAllowedNames: boolean;
}

const refused = (reason: string, publicReason = reason): TargetCheck => ({ outcome: 'refused', reason, publicReason });

export async function checkTarget(url: URL, policy: TargetPolicy, options: CheckOptions): Promise<TargetCheck> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // URL parsing has already turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1.
  const literal = parseIp(host);
  if (literal) {
    const kind = refusedKind(literal);
    if (kind && !allowsAddress(policy.allow, literal)) return refused(`is ${describeIp(literal)}, ${kind}`);
    return { outcome: 'allowed', addresses: [{ address: host, family: literal.version }] };
  }

  const nameAllowed = allowsName(policy.allow, host);
  if (!nameAllowed && isLocalhostName(host)) return refused(`names this machine (${normalizeHostName(host)})`);
  if (nameAllowed && !options.resolveAllowedNames) return { outcome: 'allowed', addresses: [] };

  let answers: ResolvedAddress[];
  try {
    answers = await policy.lookup(host);
  } catch (error) {
    return { outcome: 'unresolved', reason: `could not resolve ${host}: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (answers.length === 0) return { outcome: 'unresolved', reason: `could not resolve ${host}: no addresses` };
  const addresses: ResolvedAddress[] = [];
  for (const answer of answers) {
    const ip = parseIp(answer.address);
    if (!ip)
      return refused(`resolves to "${answer.address}", which is not an IP address`, 'resolves to something that is not an IP address');
    // Any refused address refuses the name: which one a connection would use is not ours to choose.
    const kind = refusedKind(ip);
    if (kind && !nameAllowed && !allowsAddress(policy.allow, ip))
      return refused(`resolves to ${describeIp(ip)}, ${kind}`, `resolves to ${kind}`);
    addresses.push({ address: answer.address, family: ip.version });
  }
  return { outcome: 'allowed', addresses };
}
