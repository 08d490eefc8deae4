/**
 * Whether the reviewer is on a touch-only device (a phone, a tablet without a mouse): there the words
 * say "Tap", and hints about keys nobody can press (Esc, Ctrl+Enter, Alt+arrows) are left out. A
 * signal, because a tablet can gain or lose its keyboard and mouse while the page is open.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { ListenerCollection } from '../util/listener-collection';

/** No hovering pointer and only a coarse one: a finger, not a mouse or trackpad that also touches. */
export const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)';

/** Follows the media query; its listener belongs to `listeners`. */
export function watchTouchOnly(listeners: ListenerCollection): ReadonlySignal<boolean> {
  const touchOnly = signal(false);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_ONLY_QUERY) : null;
  if (!media) return touchOnly;
  touchOnly.value = media.matches;
  listeners.add(media, 'change', () => {
    touchOnly.value = media.matches;
  });
  return touchOnly;
}
