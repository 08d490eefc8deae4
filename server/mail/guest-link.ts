/**
 * The signed link a guest reporter's e-mails carry to a page of their own thread (issue 18; no
 * account): `<threadId>.<userId>.<HMAC-SHA256>` under the database's mail key (state.ts), with its
 * own label so an unsubscribe token can never pass for one. It names one thread and one guest; the
 * page (routes/guest-page.ts) checks again that the guest started the thread. It does not expire,
 * like the unsubscribe link: an old e-mail still opens the thread.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../domain/ids.ts';

const LABEL = 'pinmark-guest-thread-v1';

function mac(secret: string, threadId: string, userId: string): Buffer {
  return createHmac('sha256', secret).update(`${LABEL}:${threadId}:${userId}`).digest();
}

export function guestThreadToken(secret: string, threadId: string, userId: string): string {
  return `${threadId}.${userId}.${mac(secret, threadId, userId).toString('base64url')}`;
}

export function guestThreadLink(publicUrl: string, secret: string, threadId: string, userId: string): string {
  return `${publicUrl}/g/${guestThreadToken(secret, threadId, userId)}`;
}

/** The thread and guest a token names, or null for anything the server did not sign. */
export function verifyGuestThreadToken(secret: string, token: string): { threadId: string; userId: string } | null {
  const [threadId, userId, signature, ...rest] = token.split('.');
  if (!threadId || !userId || !signature || rest.length > 0) return null;
  if (!isUuid(threadId) || !isUuid(userId) || threadId !== threadId.toLowerCase() || userId !== userId.toLowerCase()) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, threadId, userId);
  if (given.length !== expected.length || given.toString('base64url') !== signature) return null;
  return timingSafeEqual(given, expected) ? { threadId, userId } : null;
}
