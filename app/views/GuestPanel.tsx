/**
 * On a thread a guest started (issue 18): who the guest is (name and the address their answers go
 * to) and, for owners and admins, "Block this guest" — the address can no longer report or answer in
 * this workspace, and the guest is signed out. Renders nothing for members' and customer users' threads.
 */
import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { describeFailure } from '../state/errors';
import { guestActionError, guests, loadGuest, setGuestBlocked } from '../state/guests';
import { canManage } from '../state/workspace';

export function GuestPanel({ userId, maybeGuest }: { userId: string; maybeGuest: boolean }) {
  const words = t().guests;
  useEffect(() => {
    if (maybeGuest) loadGuest(userId);
  }, [userId, maybeGuest]);
  const guest = maybeGuest ? guests.value[userId] : null;
  if (!guest) return null;
  return (
    <section aria-labelledby="guest-title">
      <h3 id="guest-title" class="section-title">
        {words.guest}
      </h3>
      <p class="break">
        {guest.name} · <span class="muted">{guest.email}</span>
      </p>
      {guest.blocked && <p class="notice notice--info small">{words.blocked}</p>}
      {canManage.value && (
        <p>
          <button
            type="button"
            class={guest.blocked ? 'button button--small' : 'button button--small button--danger'}
            title={guest.blocked ? undefined : words.blockHint}
            onClick={() => void setGuestBlocked(userId, !guest.blocked)}
          >
            {guest.blocked ? words.unblock : words.block}
          </button>
        </p>
      )}
      {guestActionError.value !== null && (
        <div class="notice notice--error" role="alert">
          <span>{describeFailure(guestActionError.value)}</span>
        </div>
      )}
    </section>
  );
}
