/**
 * Guests in the review app's thread view (issue 18): on a thread a guest started, who the guest is and
 * blocking them (the installation's setting is guest-settings.ts). A thread's author is asked about
 * only when the thread says it is not a member's (`user.guest`); a 404 means a customer user, not a
 * guest, and is remembered as such.
 */
import { signal } from '@preact/signals';
import type { GuestResponse } from '../../src/api/wire';
import { guestApi } from '../api/guest-api';
import { isApiError } from '../../src/api';
import { credential } from './session';

const api = guestApi(credential);

/** Guests by user id: a record, null when the user is no guest, absent while unknown. */
export const guests = signal<Record<string, GuestResponse | null>>({});
export const guestActionError = signal<unknown>(null);
const asked = new Set<string>();

export function loadGuest(userId: string): void {
  if (asked.has(userId)) return;
  asked.add(userId);
  api.guest(userId).then(
    (guest) => (guests.value = { ...guests.peek(), [userId]: guest }),
    (error: unknown) => {
      if (isApiError(error) && error.status === 404) guests.value = { ...guests.peek(), [userId]: null };
      else asked.delete(userId);
    },
  );
}

export async function setGuestBlocked(userId: string, blocked: boolean): Promise<void> {
  guestActionError.value = null;
  try {
    const guest = await (blocked ? api.block(userId) : api.unblock(userId));
    guests.value = { ...guests.peek(), [userId]: guest };
  } catch (error) {
    guestActionError.value = error;
  }
}
