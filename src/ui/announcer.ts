/**
 * The widget's one polite live region says what finished out of sight: a comment posted or not
 * sent, a thread resolved, offline and back, a screenshot skipped, signed in. Results arrive
 * asynchronously (the outbox, the server), often after focus moved on, so a screen-reader user would
 * otherwise never hear them. Sources are the controller's events (what the server confirmed) and
 * a few store transitions (failures and connectivity, which are no events). What already has a
 * status of its own on screen is not said twice (the offline toast, the composer's "Screenshot
 * skipped"), and failures that need an answer keep their `role="alert"` (notices, form errors).
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals';
import type { Controller } from '../state/controller';
import type { PinmarkEventMap, PinmarkEventName } from '../state/model/events';
import type { ListenerCollection } from '../util/listener-collection';
import { strings } from './strings';

/** Where the controller's events can be heard (runtime.ts passes the emitter the host's `on` uses). */
export interface WidgetEvents {
  on<K extends PinmarkEventName>(event: K, handler: (payload: PinmarkEventMap[K]) => void): () => void;
}

/** Long enough to be read on a braille display, short enough that a stale sentence is not re-read. */
const CLEAR_AFTER_MS = 8_000;

export function createAnnouncer(
  controller: Controller,
  events: WidgetEvents | undefined,
  listeners: ListenerCollection,
): ReadonlySignal<string> {
  const { store } = controller;
  const text = signal('');
  let clear: (() => void) | null = null;
  const say = (sentence: string) => {
    // The same sentence twice in a row must still be heard: a changed text node is what is announced.
    text.value = text.peek() === sentence ? `${sentence}\u00a0` : sentence;
    clear?.();
    clear = listeners.setTimeout(() => (text.value = ''), CLEAR_AFTER_MS);
  };

  if (events) {
    const on = <K extends PinmarkEventName>(event: K, sentence: (payload: PinmarkEventMap[K]) => string) =>
      listeners.own(events.on(event, (payload) => say(sentence(payload))));
    on('signedIn', ({ name }) => strings.signIn.signedInAs(name));
    on('threadCreated', () => strings.announce.posted);
    on('messageCreated', () => strings.announce.replySent);
    on('messageUpdated', () => strings.announce.messageSaved);
    on('messageDeleted', () => strings.announce.messageDeleted);
    on('threadResolved', () => strings.announce.resolved);
    on('threadReopened', () => strings.announce.reopened);
    on('threadDeleted', () => strings.announce.deleted);
    on('threadMoved', () => strings.announce.moved);
  }

  // Transitions only: what was already so when the widget started is not news.
  let failed = new Set<string>();
  let offline = store.offline.peek();
  listeners.own(
    effect(() => {
      const now = new Set(Object.entries(store.sending.value).flatMap(([id, s]) => (s.status === 'failed' ? [id] : [])));
      if ([...now].some((id) => !failed.has(id))) say(strings.announce.notSent);
      failed = now;
    }),
  );
  listeners.own(
    effect(() => {
      // Going offline is the toast's own status; coming back has nothing on screen to say it.
      const next = store.offline.value;
      if (offline && !next) say(strings.announce.online);
      offline = next;
    }),
  );
  return text;
}
