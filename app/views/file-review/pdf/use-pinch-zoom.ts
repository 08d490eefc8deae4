/**
 * Pinch zoom for the PDF viewer, as the image viewer has it: two fingers on a touch screen, and on a
 * desktop ctrl+wheel (which is also what a trackpad's pinch sends; Safari sends gesture events). The
 * scroller keeps scrolling natively with one finger or a plain wheel (its `touch-action` leaves
 * pinching to us). Each gesture names a zoom anchor — the spot of a page (percent of its box, like a
 * pin) under the pointer or between the fingers — which the viewer keeps under them after laying the
 * pages out again, so the pins (drawn at their percent of the page) stay on their spot and under the
 * reviewer's fingers. At most one zoom per animation frame.
 */
import { useEffect, useRef } from 'preact/hooks';
import { clampZoom } from '../../../state/file-review-pdf';
import { exactPercentIn } from '../kit/geometry';
import { listenSafariPinch, pinchOf, wheelZoomFactor } from '../kit/gestures';

export interface ZoomAnchor {
  page: number;
  /** Percent of the page box (not clamped: a spot in the gap beside a page works too). */
  x: number;
  y: number;
  /** Where that spot must be after the zoom, in client px. */
  clientX: number;
  clientY: number;
}

export interface PinchZoomOptions {
  scroller: { current: HTMLElement | null };
  /** The page under a client point (the viewer knows its layout). */
  pageAtPoint: (clientX: number, clientY: number) => { page: number; box: HTMLElement } | null;
  scale: number;
  zoomTo: (scale: number, anchor: ZoomAnchor) => void;
}

type Spot = Omit<ZoomAnchor, 'clientX' | 'clientY'>;

/** Wheel events closer than this (and at one pointer position) are one gesture. */
const WHEEL_GESTURE_MS = 400;

export function usePinchZoom(options: PinchZoomOptions): void {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const element = options.scroller.current;
    if (!element) return;
    let frame = 0;
    let asked: { scale: number; anchor: ZoomAnchor } | null = null;
    let pinch: { distance: number; scale: number; spot: Spot } | null = null;

    const apply = () => {
      frame = 0;
      if (asked) latest.current.zoomTo(asked.scale, asked.anchor);
      asked = null;
    };
    const ask = (scale: number, spot: Spot, clientX: number, clientY: number) => {
      asked = { scale: clampZoom(scale), anchor: { ...spot, clientX, clientY } };
      if (!frame) frame = requestAnimationFrame(apply);
    };
    const spotAt = (clientX: number, clientY: number): Spot | null => {
      const hit = latest.current.pageAtPoint(clientX, clientY);
      const percent = hit && exactPercentIn(hit.box.getBoundingClientRect(), clientX, clientY);
      return hit && percent ? { page: hit.page, ...percent } : null;
    };

    // A wheel gesture keeps the spot it started on while the pointer stays put: measured once, it
    // does not drift by a rounded pixel per step.
    let wheel: { spot: Spot; clientX: number; clientY: number; at: number } | null = null;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      // Not the browser's page zoom: this PDF's.
      event.preventDefault();
      const { clientX, clientY, timeStamp } = event;
      const same = wheel && wheel.clientX === clientX && wheel.clientY === clientY && timeStamp - wheel.at < WHEEL_GESTURE_MS;
      const spot = same ? wheel!.spot : spotAt(clientX, clientY);
      if (!spot) return;
      wheel = { spot, clientX, clientY, at: timeStamp };
      ask((asked?.scale ?? latest.current.scale) * wheelZoomFactor(event), spot, clientX, clientY);
    };
    const fingers = (event: TouchEvent) => {
      const [a, b] = [event.touches[0]!, event.touches[1]!];
      return pinchOf({ x: a.clientX, y: a.clientY }, { x: b.clientX, y: b.clientY });
    };
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return void (pinch = null);
      const { mid, distance } = fingers(event);
      const spot = spotAt(mid.x, mid.y);
      pinch = spot && distance > 0 ? { distance, scale: asked?.scale ?? latest.current.scale, spot } : null;
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      if (event.cancelable) event.preventDefault();
      const { mid, distance } = fingers(event);
      // From the gesture's start, so rounding never adds up; the spot follows the fingers' middle (a two-finger pan).
      ask((pinch.scale * distance) / pinch.distance, pinch.spot, mid.x, mid.y);
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
    };

    // Safari's trackpad pinch (gesture events, not ctrl+wheel): from the scale and spot it began at.
    let safari: { scale: number; spot: Spot } | null = null;
    const stopSafariPinch = listenSafariPinch(element, {
      start: (clientX, clientY) => {
        const spot = pinch ? null : spotAt(clientX, clientY);
        safari = spot && { scale: asked?.scale ?? latest.current.scale, spot };
        return safari !== null;
      },
      change: (scale, clientX, clientY) => {
        if (safari) ask(safari.scale * scale, safari.spot, clientX, clientY);
      },
    });

    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    element.addEventListener('touchend', onTouchEnd);
    element.addEventListener('touchcancel', onTouchEnd);
    return () => {
      cancelAnimationFrame(frame);
      stopSafariPinch();
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
      element.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [options.scroller.current]);
}
