/**
 * The guest sign-in's abuse check without a third-party captcha (docs/api-decisions.md, "Guest
 * reporting"): the server hands out a signed challenge, and a sign-in must (1) come back with a
 * nonce whose SHA-256 over `<challenge>:<nonce>` starts with `bits` zero bits — a small hashcash the
 * widget finds with crypto.subtle in slices (src/auth/guest-proof.ts) — and (2) arrive no sooner
 * than MIN_SUBMIT_MS after the challenge was made: forms filled by scripts come back at once. The
 * challenge is an HMAC over its parts, so its time and difficulty cannot be bent; spending it once
 * is the model's part (model/guests.ts). Pure: the key is handed in.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Zero bits asked of the proof: ~65 000 hashes, about a second in the widget. */
export const GUEST_POW_BITS = 16;
/** The quickest a person fills in a name and an address after the form opened. */
export const MIN_SUBMIT_MS = 2_000;
/** A challenge older than this is refused (the form asks for a new one). */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

const LABEL = 'pinmark-guest-challenge-v1';

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`${LABEL}:${body}`).digest('base64url');
}

/** `<installationId>.<issuedAtMs>.<bits>.<random>.<hmac>`. */
export function makeChallenge(secret: string, installationId: string, now: number, bits = GUEST_POW_BITS): string {
  const body = `${installationId}.${now}.${bits}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${mac(secret, body)}`;
}

export type ChallengeVerdict =
  | { ok: true; issuedAt: number; bits: number }
  | { ok: false; code: 'challenge_invalid' | 'challenge_expired' | 'submitted_too_fast' | 'proof_invalid'; message: string };

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function proofDigest(challenge: string, nonce: string): Buffer {
  return createHash('sha256').update(`${challenge}:${nonce}`).digest();
}

/** Checks signature, installation, age and proof, in that order. */
export function verifyChallenge(
  secret: string,
  args: { challenge: string; nonce: string; installationId: string; now: number },
): ChallengeVerdict {
  const parts = args.challenge.split('.');
  const invalid = {
    ok: false,
    code: 'challenge_invalid',
    message: 'The challenge was not made by this server; ask for a new one',
  } as const;
  if (parts.length !== 5) return invalid;
  const [installationId, issued, bitsText, , signature] = parts as [string, string, string, string, string];
  const expected = Buffer.from(mac(secret, parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  if (installationId !== args.installationId) return { ...invalid, message: 'The challenge belongs to another installation' };
  const issuedAt = Number(issued);
  const bits = Number(bitsText);
  const age = args.now - issuedAt;
  if (age > CHALLENGE_TTL_MS)
    return { ok: false, code: 'challenge_expired', message: 'The challenge expired (10 minutes); ask for a new one' };
  if (age < MIN_SUBMIT_MS)
    return {
      ok: false,
      code: 'submitted_too_fast',
      message: `The form came back ${Math.max(0, age)} ms after it opened; a person takes at least ${MIN_SUBMIT_MS / 1000} s. Try again.`,
    };
  if (!/^\d{1,20}$/.test(args.nonce) || leadingZeroBits(proofDigest(args.challenge, args.nonce)) < bits)
    return { ok: false, code: 'proof_invalid', message: `The nonce does not solve the challenge (${bits} leading zero bits of SHA-256)` };
  return { ok: true, issuedAt, bits };
}
