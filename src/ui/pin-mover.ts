/**
 * Moving a pin by hand. Pointer: press a pin and drag it past a 4 px threshold (below it, the press
 * is a click that opens the thread); the pin follows the pointer under pointer capture; releasing
 * drops it on the page element under its centre (never the widget itself). Keyboard: Alt+arrow on a
 * focused pin (or "Move pin" in the thread panel) enters move mode; arrows move the pin 10 px (Shift:
 * 1 px), Enter saves, Esc or leaving the pin cancels. Saving is the state's optimistic movePin; the
 * pin is drawn at the drop point (an overlay override) until the save settles.
 */
import type { Actions } from '../state/controller';
import type { OverlayEngine } from './overlay/engine';
import type { Point } from './positions';

const DRAG_THRESHOLD_PX = 4;
const STEP_PX = 10;
const FINE_STEP_PX = 1;
/** A click this soon after a drop (or cancelled drag) belongs to that gesture, not to opening the thread. */
const CLICK_AFTER_DRAG_MS = 400;

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export interface PinMoverDeps {
  engine: OverlayEngine;
  host: HTMLElement;
  actions: Actions;
}

interface Drag {
  key: string;
  pointerId: number;
  element: HTMLElement;
  start: Point;
  /** From the pointer to the pin's centre, so the pin does not jump under the pointer. */
  offset: Point;
  active: boolean;
}

export type PinMover = ReturnType<typeof createPinMover>;

export function createPinMover({ engine, host, actions }: PinMoverDeps) {
  let drag: Drag | null = null;
  let keyboard: { key: string; point: Point } | null = null;
  let swallowClickUntil = 0;

  const save = (key: string, point: Point) => {
    engine.setOverride(key, point);
    const target = pageElementAt(point, host);
    if (!target) {
      engine.setOverride(key, null);
      return;
    }
    // movePin never rejects; the override keeps the pin at the drop point until the anchor is saved or rolled back.
    void actions.movePin(key, target, point.x, point.y).then(() => engine.setOverride(key, null));
  };

  const endDrag = (current: Drag) => {
    drag = null;
    current.element.removeAttribute('data-dragging');
    try {
      if (current.element.hasPointerCapture(current.pointerId)) current.element.releasePointerCapture(current.pointerId);
    } catch {
      /* the pointer is gone already */
    }
  };

  const cancelDrag = () => {
    if (!drag) return;
    const current = drag;
    endDrag(current);
    engine.setOverride(current.key, null);
    swallowClickUntil = performance.now() + CLICK_AFTER_DRAG_MS;
  };

  const moveBy = (key: string, direction: Point, fine: boolean) => {
    if (!keyboard || keyboard.key !== key) return;
    const step = fine ? FINE_STEP_PX : STEP_PX;
    keyboard.point = inViewport({ x: keyboard.point.x + direction.x * step, y: keyboard.point.y + direction.y * step });
    engine.setOverride(key, keyboard.point);
  };

  return {
    pointerDown(event: PointerEvent, key: string): void {
      // A pin removed mid-drag (deleted by another reviewer) never gets its pointerup: forget that drag.
      if (drag && !drag.element.isConnected) cancelDrag();
      if (event.button !== 0 || !event.isPrimary || drag || keyboard || !actions.canMovePin(key)) return;
      const centre = engine.clientPointOf(key);
      const element = event.currentTarget;
      if (!centre || !(element instanceof HTMLElement)) return;
      drag = {
        key,
        pointerId: event.pointerId,
        element,
        start: { x: event.clientX, y: event.clientY },
        offset: { x: centre.x - event.clientX, y: centre.y - event.clientY },
        active: false,
      };
      try {
        element.setPointerCapture(event.pointerId);
      } catch {
        /* synthetic or already released pointer: the drag still works while the pointer stays on the pin */
      }
    },

    pointerMove(event: PointerEvent): void {
      if (!drag || event.pointerId !== drag.pointerId) return;
      if (!drag.active) {
        if (Math.hypot(event.clientX - drag.start.x, event.clientY - drag.start.y) < DRAG_THRESHOLD_PX) return;
        drag.active = true;
        drag.element.setAttribute('data-dragging', '');
      }
      engine.setOverride(drag.key, inViewport({ x: event.clientX + drag.offset.x, y: event.clientY + drag.offset.y }));
    },

    pointerUp(event: PointerEvent): void {
      if (!drag || event.pointerId !== drag.pointerId) return;
      const current = drag;
      endDrag(current);
      if (!current.active) return; // a click: the thread opens
      swallowClickUntil = performance.now() + CLICK_AFTER_DRAG_MS;
      save(current.key, inViewport({ x: event.clientX + current.offset.x, y: event.clientY + current.offset.y }));
    },

    pointerCancel(event: PointerEvent): void {
      if (drag && event.pointerId === drag.pointerId) cancelDrag();
    },

    /** True when a click on a pin ends a drag and must not open the thread. */
    swallowsClick(): boolean {
      return performance.now() < swallowClickUntil;
    },

    /** Keys on a focused pin; returns true when it handled the key. */
    keyDown(event: KeyboardEvent, key: string): boolean {
      const arrow = ARROWS[event.key];
      if (drag && event.key === 'Escape') {
        cancelDrag();
        return true;
      }
      if (!keyboard || keyboard.key !== key) {
        if (!arrow || !event.altKey || !actions.canMovePin(key)) return false;
        actions.startPinMove(key);
        moveBy(key, arrow, event.shiftKey);
        return true;
      }
      if (arrow) {
        moveBy(key, arrow, event.shiftKey);
      } else if (event.key === 'Enter') {
        const { point } = keyboard;
        keyboard = null;
        save(key, point);
        actions.endPinMove();
      } else if (event.key === 'Escape') {
        actions.endPinMove();
      } else {
        return false;
      }
      return true;
    },

    /** Keyboard move mode began (store.pinMove): the pin starts where it is, or mid-screen when it has no place. */
    beginKeyboard(key: string): void {
      if (keyboard?.key === key) return;
      if (keyboard) engine.setOverride(keyboard.key, null);
      const point = engine.clientPointOf(key) ?? { x: window.innerWidth / 2, y: window.innerHeight / 2 };
      keyboard = { key, point: inViewport(point) };
      engine.setOverride(key, keyboard.point);
    },

    /** Keyboard move mode ended without saving (Esc, focus left the pin, another panel opened). */
    endKeyboard(): void {
      if (!keyboard) return;
      engine.setOverride(keyboard.key, null);
      keyboard = null;
    },

    /** Stops whatever is in progress (the pin layer is going away). */
    cancel(): void {
      cancelDrag();
      if (keyboard) engine.setOverride(keyboard.key, null);
      keyboard = null;
    },
  };
}

/** The page element under a viewport point, skipping the widget's own host (pins, panels). */
export function pageElementAt(point: Point, host: HTMLElement): Element | null {
  for (const element of document.elementsFromPoint(point.x, point.y)) {
    if (element !== host && !host.contains(element)) return element;
  }
  return null;
}

function inViewport(point: Point): Point {
  const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max - 1));
  return { x: clamp(point.x, window.innerWidth), y: clamp(point.y, window.innerHeight) };
}
