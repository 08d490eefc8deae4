/**
 * What the guest-reporting tests share (issue 18): switching guests on for the demo installation
 * with its API key, and a guest sign-in as the widget makes it — a challenge, the wait a person
 * takes (the manual clock moves on), the proof of work solved here, then `POST /auth/guest`.
 */
import { randomBytes } from 'node:crypto';
import { leadingZeroBits, proofDigest } from '../domain/guest-challenge.ts';
import { API, TEST_PUBLIC_URL, type TestResponse, type TestServer } from './support.ts';

export const PAGE = { Origin: TEST_PUBLIC_URL };

export async function setGuests(s: TestServer, change: { guestReporting?: boolean; guestDailyThreadCap?: number }): Promise<TestResponse> {
  return s.request('PATCH', `${API}/installations/${s.seed.installationId}`, { token: s.seed.workspaceApiKey, body: change });
}

export function solve(challenge: string, bits: number): string {
  for (let nonce = 0; ; nonce++) if (leadingZeroBits(proofDigest(challenge, String(nonce))) >= bits) return String(nonce);
}

export interface GuestForm {
  name?: string;
  email?: string;
  browserKey?: string;
  /** How long "the person" takes to fill in the form (ms of the manual clock). */
  waitMs?: number;
  address?: string;
}

/** The raw answer of a guest sign-in. */
export async function tryGuestSignIn(s: TestServer, form: GuestForm = {}): Promise<TestResponse> {
  const challenged = await s.request('POST', `${API}/auth/guest/challenge`, {
    body: { publicKey: s.seed.publicKey },
    headers: PAGE,
    ...(form.address ? { address: form.address } : {}),
  });
  if (challenged.status !== 200) return challenged;
  const { challenge, bits } = challenged.body.data;
  s.clock.advance(form.waitMs ?? 2_500);
  return s.request('POST', `${API}/auth/guest`, {
    headers: PAGE,
    ...(form.address ? { address: form.address } : {}),
    body: {
      publicKey: s.seed.publicKey,
      markupId: s.seed.markupId,
      name: form.name ?? 'Gus Guest',
      email: form.email ?? 'gus@visitor.example',
      browserKey: form.browserKey ?? randomBytes(24).toString('base64url'),
      challenge,
      nonce: solve(challenge, bits),
    },
  });
}

export async function guestSignIn(s: TestServer, form: GuestForm = {}): Promise<{ token: string; userId: string }> {
  const res = await tryGuestSignIn(s, form);
  if (res.status !== 200) throw new Error(`guest sign-in: ${res.status} ${res.text}`);
  return { token: res.body.data.exchangeToken, userId: res.body.data.userId };
}
