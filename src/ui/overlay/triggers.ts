/**
 * What makes the overlay look again. Listeners are passive and on `window` in the capture phase, so
 * scrolling inside any container counts; the MutationObserver ignores the widget's own host. None of
 * these handlers reads layout: they only ask the engine for a frame (or a re-resolve).
 */
import type { ListenerCollection } from '../../util/listener-collection';

/**
 * scroll: only positions can have changed. layout: sizes and media queries too (resize, fonts,
 * animations). style: anything, including what hides an element (DOM and attribute mutations).
 */
export type FrameKind = 'scroll' | 'layout' | 'style';

export interface TriggerSink {
  schedule(kind: FrameKind): void;
  reresolveAll(): void;
  animate(ms: number): void;
}

/** How long pins keep following elements after a CSS transition or animation starts. */
const ANIMATION_FOLLOW_MS = 1000;
/** Mutations re-resolve pins once the DOM has been quiet this long (or at the latest MAX_WAIT). */
const MUTATION_QUIET_MS = 120;
const MUTATION_MAX_WAIT_MS = 1000;

export function installTriggers(listeners: ListenerCollection, host: HTMLElement, sink: TriggerSink): void {
  const passive = { capture: true, passive: true };
  listeners.add(window, 'scroll', () => sink.schedule('scroll'), passive);
  listeners.add(window, 'resize', () => sink.schedule('layout'), { passive: true });
  for (const type of ['transitionrun', 'animationstart'] as const) {
    listeners.add(window, type, () => sink.animate(ANIMATION_FOLLOW_MS), passive);
  }
  for (const type of ['transitionend', 'animationend'] as const) {
    listeners.add(window, type, () => sink.schedule('style'), passive);
  }

  // A DOM change may move pins now (a frame) and may change which element a pin belongs on
  // (re-resolve, debounced: a burst of mutations costs one resolve pass).
  let burstStart = -1;
  let cancelQuiet: (() => void) | null = null;
  const mutations = new MutationObserver((records) => {
    if (!records.some((record) => !isOwnMutation(record, host))) return;
    sink.schedule('style');
    const now = performance.now();
    if (burstStart < 0) burstStart = now;
    cancelQuiet?.();
    const wait = Math.max(0, Math.min(MUTATION_QUIET_MS, burstStart + MUTATION_MAX_WAIT_MS - now));
    cancelQuiet = listeners.setTimeout(() => {
      burstStart = -1;
      cancelQuiet = null;
      sink.reresolveAll();
    }, wait);
  });
  mutations.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
  listeners.observe(mutations);

  // Web fonts arriving change text metrics, so everything may have moved.
  const fonts = document.fonts as (FontFaceSet & EventTarget) | undefined;
  if (fonts && typeof fonts.addEventListener === 'function') {
    listeners.add(fonts, 'loadingdone', () => sink.schedule('layout'));
  }
}

/** The widget adding or changing its own host is not a change of the page. */
function isOwnMutation(record: MutationRecord, host: HTMLElement): boolean {
  if (record.target === host || host.contains(record.target)) return true;
  if (record.type !== 'childList') return false;
  const nodes = [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)];
  return nodes.length > 0 && nodes.every((node) => node === host);
}
