/**
 * The overlay that draws pins. Each pin's centre sits exactly on its anchored point. Positions are
 * recomputed on scroll (capture, passive), resize and DOM mutations, at most once per animation
 * frame, with every layout read (locating all pins) before any write (moving them).
 */
import { effect } from '@preact/signals';
import { useRef, useState } from 'preact/hooks';
import type { ThreadResponse } from '../api/wire';
import { locateAnchor, locateThread } from '../state/helpers';
import { useListeners, useWidget } from './hooks';
import { PENDING, type Point } from './positions';
import { strings } from './strings';

export function PinLayer() {
  const { controller, positions } = useWidget();
  const { store, actions } = controller;
  const elements = useRef(new Map<string, HTMLElement>());
  const [visible, setVisible] = useState<string>('');

  useListeners((listeners) => {
    let queued = false;
    let lastVisible = '';
    const schedule = () => {
      if (queued) return;
      queued = true;
      listeners.requestAnimationFrame(frame);
    };
    const frame = () => {
      queued = false;
      // Reads.
      actions.refreshPage();
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const points = new Map<string, Point>();
      for (const thread of store.pageThreads.peek()) {
        const located = locateThread(thread);
        if (located.status !== 'orphaned') points.set(thread.id, { x: located.clientX, y: located.clientY });
      }
      const pending = store.pendingPin.peek();
      if (pending) {
        const located = locateAnchor(pending);
        if (located.status !== 'orphaned') points.set(PENDING, { x: located.clientX, y: located.clientY });
      }
      // Writes.
      for (const [key, element] of elements.current) place(element, points.get(key));
      positions.publish(points, viewport);
      const ids = [...points.keys()].join(' ');
      if (ids !== lastVisible) {
        lastVisible = ids;
        setVisible(ids);
      }
    };

    listeners.add(window, 'scroll', schedule, { capture: true, passive: true });
    listeners.add(window, 'resize', schedule, { passive: true });
    const observer = new MutationObserver(schedule);
    observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
    listeners.observe(observer);
    // Threads, the pending pin or the page changing re-run the layout too.
    listeners.own(
      effect(() => {
        void store.pageThreads.value;
        void store.pendingPin.value;
        schedule();
      }),
    );
  }, []);

  const shown = new Set(visible ? visible.split(' ') : []);
  const openId = store.openThreadId.value;
  const pinRef = (key: string) => (element: HTMLElement | null) => {
    if (element) {
      elements.current.set(key, element);
      place(element, positions.get(key));
    } else elements.current.delete(key);
  };

  return (
    <div class="pm-layer">
      {store.pageThreads.value
        .filter((thread) => shown.has(thread.id))
        .map((thread: ThreadResponse) => (
          <button
            key={thread.id}
            type="button"
            ref={pinRef(thread.id)}
            class={`pm-pin${thread.resolved ? ' pm-pin--resolved' : ''}${thread.id === openId ? ' pm-pin--open' : ''}`}
            aria-label={strings.pin.label(thread.number)}
            data-thread-id={thread.id}
            onClick={(event) => {
              event.stopPropagation();
              if (openId === thread.id) actions.closeThread();
              else actions.openThread(thread.id);
            }}
          >
            {thread.number}
          </button>
        ))}
      {store.pendingPin.value && shown.has(PENDING) && (
        <div key={PENDING} ref={pinRef(PENDING)} class="pm-pin pm-pin--pending" aria-hidden="true" title={strings.pin.pending}>
          +
        </div>
      )}
    </div>
  );
}

function place(element: HTMLElement, point: Point | undefined): void {
  if (!point) return;
  // translate(-50%, -50%) puts the pin's centre, not its corner, on the point.
  element.style.transform = `translate(${point.x}px, ${point.y}px) translate(-50%, -50%)`;
}
