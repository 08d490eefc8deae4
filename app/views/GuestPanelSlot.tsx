/**
 * Where a thread's guest panel goes (issue 18): GuestPanel and what it needs arrive as a chunk of their
 * own, fetched only for a thread whose author is not a member, so the inbox's first load does not
 * carry them.
 */
import { useEffect, useState } from 'preact/hooks';

type GuestPanelModule = typeof import('./GuestPanel');
let loaded: GuestPanelModule | undefined;

export function GuestPanelSlot({ userId, maybeGuest }: { userId: string; maybeGuest: boolean }) {
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!maybeGuest || loaded) return;
    let live = true;
    import('./GuestPanel').then(
      (module) => {
        loaded = module;
        if (live) arrived((n) => n + 1);
      },
      () => undefined, // Offline: the panel is left out; the thread itself is all there.
    );
    return () => {
      live = false;
    };
  }, [maybeGuest]);
  if (!maybeGuest || !loaded) return null;
  return <loaded.GuestPanel userId={userId} maybeGuest />;
}
