/**
 * One-click unsubscribe links (RFC 8058): the token names the user and carries an HMAC-SHA256 of
 * that name under the database's unsubscribe key (server/mail/state.ts), so only the server can
 * make one, it cannot be bent to another user, and using it twice changes nothing. It does not
 * expire: a link in an old e-mail must still work.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../domain/ids.ts';

const LABEL = 'pinmark-unsubscribe-v1';

function mac(secret: string, userId: string): Buffer {
  return createHmac('sha256', secret).update(`${LABEL}:${userId}`).digest();
}

/** `<userId>.<base64url HMAC>`. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId).toString('base64url')}`;
}

/** The user the token was made for, or null for anything the server did not sign. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [userId, signature, ...rest] = token.split('.');
  if (!userId || !signature || rest.length > 0 || !isUuid(userId) || userId !== userId.toLowerCase()) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, userId);
  if (given.length !== expected.length || given.toString('base64url') !== signature) return null;
  return timingSafeEqual(given, expected) ? userId : null;
}
