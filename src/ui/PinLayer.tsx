/**
 * The pins: one fixed overlay layer in the shadow root. This component decides which pins exist
 * (this page's threads of the current device class, plus the pending pin) and renders their buttons;
 * the overlay engine (overlay/engine.ts) resolves them and moves them every frame without
 * re-rendering. Pins with no place yet are not rendered; orphans are listed by PinControls. Pins on
 * one spot are drawn beside each other (overlay/spread.ts); the DOM order, which is the keyboard and
 * screen-reader order, stays the thread order.
 */
import { effect } from '@preact/signals';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { ThreadResponse } from '../api/wire';
import { anchorOfThread, type PinAnchor } from '../state/model/anchoring';
import { categoryOfThread } from '../state/model/view-mode';
import { useListeners, useReview, useWidget } from './hooks';
import { createPinMover } from './pin-mover';
import { PENDING } from './positions';
import { strings } from './strings';

export function PinLayer() {
  const { controller, host, touchOnly } = useWidget();
  const { engine } = useReview();
  const { store, actions } = controller;
  const mover = useMemo(() => createPinMover({ engine, host, actions }), [engine]);
  const elements = useRef(new Map<string, HTMLElement>());
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());

  useListeners(
    (listeners) => {
      const anchors = new WeakMap<ThreadResponse, PinAnchor>();
      const anchorOf = (thread: ThreadResponse) => {
        let anchor = anchors.get(thread);
        if (!anchor) anchors.set(thread, (anchor = anchorOfThread(thread)));
        return anchor;
      };
      listeners.own(
        effect(() => {
          // The order is who keeps its spot when pins collide (overlay/spread.ts): numbered threads in
          // thread order, then comments not yet numbered (still in the outbox), then the pending pin —
          // so a comment being posted and confirmed stays where its pending pin was drawn.
          const shown = store.shownThreads.value;
          const ordered = [...shown.filter((thread) => thread.number > 0), ...shown.filter((thread) => !(thread.number > 0))];
          const targets = ordered.map((thread) => ({ key: thread.id, anchor: anchorOf(thread) }));
          const pending = store.pendingPin.value;
          if (pending) targets.push({ key: PENDING, anchor: pending });
          engine.setTargets(targets);
        }),
      );
      listeners.own(
        effect(() => {
          const key = store.pinMove.value;
          if (key) mover.beginKeyboard(key);
          else mover.endKeyboard();
        }),
      );
      listeners.own(() => mover.cancel());
    },
    [engine],
  );

  const moving = store.pinMove.value;
  // Keyboard moving acts on the focused pin: focus it as soon as it is rendered.
  useLayoutEffect(() => {
    if (moving) elements.current.get(moving)?.focus({ preventScroll: true });
  }, [moving]);

  // Stable per key: a new ref function each render would detach and re-attach every pin.
  const refFor = (key: string) => {
    let ref = refs.current.get(key);
    if (!ref) {
      ref = (element: HTMLElement | null) => {
        if (element) elements.current.set(key, element);
        else elements.current.delete(key);
        engine.attach(key, element);
      };
      refs.current.set(key, ref);
    }
    return ref;
  };
  const layerRef = useCallback((element: HTMLDivElement | null) => engine.setLayer(element), [engine]);

  const { drawable } = engine.status.value;
  const openId = store.openThreadId.value;
  const saving = store.savingPins.value;
  const current = store.viewMode.value;
  const modes = store.viewModes.value;
  const movableHint = touchOnly.value ? strings.pin.movableTouch : strings.pin.movable;
  const threads = store.shownThreads.value.filter((thread) => drawable.has(thread.id) || thread.id === moving);

  return (
    <div class="pm-layer" ref={layerRef}>
      {threads.map((thread) => {
        const device = categoryOfThread(thread, modes);
        const elsewhere = device !== null && device !== current;
        const movable = actions.canMovePin(thread.id) || saving.has(thread.id);
        const classes = ['pm-pin'];
        if (thread.resolved) classes.push('pm-pin--resolved');
        if (thread.id === openId) classes.push('pm-pin--open');
        if (elsewhere) classes.push('pm-pin--elsewhere');
        if (movable) classes.push('pm-pin--movable');
        if (thread.id === moving) classes.push('pm-pin--moving');
        const send = store.sending.value[thread.id];
        if (send) classes.push(send.status === 'failed' ? 'pm-pin--failed' : 'pm-pin--sending');
        const hints = [
          elsewhere && device ? strings.pin.fromDevice(strings.devices[device]) : '',
          saving.has(thread.id) ? strings.pin.saving : movable ? movableHint : '',
        ];
        return (
          <button
            key={thread.id}
            type="button"
            ref={refFor(thread.id)}
            class={classes.join(' ')}
            aria-label={send ? strings.send.label(send.status) : strings.pin.label(thread.number)}
            aria-busy={saving.has(thread.id) ? 'true' : undefined}
            title={hints.filter(Boolean).join(' · ') || undefined}
            data-thread-id={thread.id}
            onPointerDown={(event) => mover.pointerDown(event, thread.id)}
            onPointerMove={mover.pointerMove}
            onPointerUp={mover.pointerUp}
            onPointerCancel={mover.pointerCancel}
            onKeyDown={(event) => {
              if (mover.keyDown(event, thread.id)) {
                event.preventDefault();
                event.stopPropagation();
              }
            }}
            onFocus={() => engine.reveal(thread.id)}
            onBlur={() => {
              if (store.pinMove.peek() === thread.id) actions.endPinMove();
            }}
            onClick={(event) => {
              event.stopPropagation();
              if (mover.swallowsClick() || store.pinMove.peek() === thread.id) return;
              if (openId === thread.id) actions.closeThread();
              else actions.openThread(thread.id);
            }}
          >
            {send ? (send.status === 'failed' ? '!' : '…') : thread.number}
          </button>
        );
      })}
      {store.pendingPin.value && drawable.has(PENDING) && (
        <div key={PENDING} ref={refFor(PENDING)} class="pm-pin pm-pin--pending" aria-hidden="true" title={strings.pin.pending}>
          +
        </div>
      )}
    </div>
  );
}

/** Keyboard moving's hint, at the top of the screen (App renders it in the screen layer). */
export function MoveHint() {
  const { store } = useWidget().controller;
  const moving = store.pinMove.value;
  const thread = moving ? store.threads.value.find((candidate) => candidate.id === moving) : undefined;
  if (!thread) return null;
  return (
    <div class="pm-hint" role="status">
      {strings.move.hint(thread.number)}
    </div>
  );
}
