/**
 * The image viewer's gestures on its stage, outside Preact's renders so a zoom costs one style write
 * per frame: wheel (and a trackpad's pinch, which arrives as ctrl+wheel) zooms about the pointer, a
 * drag pans, two fingers pinch and pan, a tap without movement is a tap (to comment there). Every
 * change is written in the next animation frame as the layer's one transform plus `--pm-pin-scale`
 * (1 / scale), which keeps pins and the crosshair their size (file-review.css). Owns its listeners.
 */
import { listenSafariPinch, pinchOf, wheelZoomFactor } from '../kit/gestures';
import { clampView, fitView, panBy, revealSpot, zoomAbout, type Size, type View } from './zoom';

/** A pointer that moved less than this (CSS px) between down and up tapped. */
const TAP_SLOP = 5;
/** A gesture's layer is composited (scaled as a bitmap) until this long after its last frame, then drawn sharp again. */
const SETTLE_MS = 200;

export interface ZoomController {
  readonly view: View;
  /** A new image (or the same at another size): fitted. */
  setImage(size: Size): void;
  /** The stage was resized: the zoom stays, the image is kept on screen. */
  resize(): void;
  fit(): void;
  /** Zooms about a stage point (default: the stage's centre). */
  zoomBy(factor: number, at?: { x: number; y: number }): void;
  pan(dx: number, dy: number): void;
  reveal(xPercent: number, yPercent: number): void;
  destroy(): void;
}

export interface ZoomControllerOptions {
  stage: HTMLElement;
  layer: HTMLElement;
  /** After each written frame (the toolbar's zoom level). */
  onView: (view: View) => void;
  /** A tap or click that did not pan or pinch, in client px. */
  onTap: (clientX: number, clientY: number) => void;
}

export function createZoomController({ stage, layer, onView, onTap }: ZoomControllerOptions): ZoomController {
  let image: Size = { width: 1, height: 1 };
  let stageSize: Size = { width: stage.clientWidth, height: stage.clientHeight };
  let view: View = { scale: 1, x: 0, y: 0 };
  let frame = 0;
  const pointers = new Map<number, { x: number; y: number }>();
  let start: { x: number; y: number } | null = null;
  let moved = false;
  let pinched = false;
  let settle: ReturnType<typeof setTimeout> | undefined;

  const write = () => {
    frame = 0;
    // While zooming, the browser moves one bitmap instead of drawing the image again every frame.
    layer.classList.add('fr-layer--moving');
    clearTimeout(settle);
    settle = setTimeout(() => layer.classList.remove('fr-layer--moving'), SETTLE_MS);
    layer.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    layer.style.setProperty('--pm-pin-scale', String(1 / view.scale));
    onView(view);
  };
  const set = (next: View) => {
    view = next;
    if (!frame) frame = requestAnimationFrame(write);
  };
  // The stage's place, read at most every 250 ms: during a gesture every event would otherwise force a
  // layout right after the previous frame's write (nothing moves the stage while it has the gesture).
  let box = { left: 0, top: 0, read: -Infinity };
  const local = (clientX: number, clientY: number) => {
    const now = performance.now();
    if (now - box.read > 250) {
      const rect = stage.getBoundingClientRect();
      box = { left: rect.left + stage.clientLeft, top: rect.top + stage.clientTop, read: now };
    }
    return { x: clientX - box.left, y: clientY - box.top };
  };
  const measure = () => {
    stageSize = { width: stage.clientWidth, height: stage.clientHeight };
    box.read = -Infinity;
  };

  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const at = local(event.clientX, event.clientY);
    set(zoomAbout(view, wheelZoomFactor(event), at.x, at.y, stageSize, image));
  };
  const pair = () => {
    const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
    return pinchOf(a, b);
  };
  const onDown = (event: PointerEvent) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) {
      start = { x: event.clientX, y: event.clientY };
      moved = false;
      pinched = false;
    } else pinched = true;
    stage.setPointerCapture?.(event.pointerId);
  };
  const onMove = (event: PointerEvent) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    if (pointers.size === 2) {
      const before = pair();
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const after = pair();
      const at = local(after.mid.x, after.mid.y);
      const zoomed = before.distance > 0 ? zoomAbout(view, after.distance / before.distance, at.x, at.y, stageSize, image) : view;
      set(panBy(zoomed, after.mid.x - before.mid.x, after.mid.y - before.mid.y, stageSize, image));
      return;
    }
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (start && !moved && Math.hypot(event.clientX - start.x, event.clientY - start.y) < TAP_SLOP) return;
    moved = true;
    stage.classList.add('fr-stage--panning');
    set(panBy(view, event.clientX - last.x, event.clientY - last.y, stageSize, image));
  };
  const onUp = (event: PointerEvent) => {
    if (!pointers.delete(event.pointerId)) return;
    if (pointers.size > 0) return;
    stage.classList.remove('fr-stage--panning');
    const tapped = event.type === 'pointerup' && !moved && !pinched;
    start = null;
    if (tapped) onTap(event.clientX, event.clientY);
  };
  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(() => controller.resize()) : null;
  // Safari's trackpad pinch: zoomed from the view and point it began at, so steps never add up rounding.
  let safari: { view: View; at: { x: number; y: number } } | null = null;
  const stopSafariPinch = listenSafariPinch(stage, {
    start: (clientX, clientY) => {
      safari = pointers.size > 0 ? null : { view, at: local(clientX, clientY) };
      return safari !== null;
    },
    change: (scale) => {
      if (safari) set(zoomAbout(safari.view, scale, safari.at.x, safari.at.y, stageSize, image));
    },
  });

  stage.addEventListener('wheel', onWheel, { passive: false });
  stage.addEventListener('pointerdown', onDown);
  stage.addEventListener('pointermove', onMove);
  stage.addEventListener('pointerup', onUp);
  stage.addEventListener('pointercancel', onUp);
  resizeObserver?.observe(stage);

  const controller: ZoomController = {
    get view() {
      return view;
    },
    setImage(size) {
      image = size;
      measure();
      set(fitView(stageSize, image));
    },
    resize() {
      const before = stageSize;
      measure();
      if (before.width === stageSize.width && before.height === stageSize.height) return;
      // A view that was fitted stays fitted; a zoomed one keeps its zoom.
      const wasFit = Math.abs(view.scale - fitView(before, image).scale) < 1e-6;
      set(wasFit ? fitView(stageSize, image) : clampView(view, stageSize, image));
    },
    fit: () => set(fitView(stageSize, image)),
    zoomBy(factor, at = { x: stageSize.width / 2, y: stageSize.height / 2 }) {
      set(zoomAbout(view, factor, at.x, at.y, stageSize, image));
    },
    pan: (dx, dy) => set(panBy(view, dx, dy, stageSize, image)),
    reveal: (x, y) => set(revealSpot(view, stageSize, image, x, y)),
    destroy() {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      resizeObserver?.disconnect();
      stage.removeEventListener('wheel', onWheel);
      stage.removeEventListener('pointerdown', onDown);
      stage.removeEventListener('pointermove', onMove);
      stage.removeEventListener('pointerup', onUp);
      stage.removeEventListener('pointercancel', onUp);
      stopSafariPinch();
    },
  };
  return controller;
}
