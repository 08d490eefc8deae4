/**
 * The screen layer: where the launcher, its chips and notices, the hints and the popovers live, laid
 * over what the reviewer actually sees. `position: fixed` is relative to the layout viewport, and on
 * a phone that is not the screen: a page wider than the screen makes the layout viewport wider (and
 * taller) than the visual one, pinch-zoom shows a part of it, the on-screen keyboard covers its
 * bottom. So the layer follows `window.visualViewport`: translated to its offset, sized to it and
 * counter-scaled, so a launcher stays 52 px on screen under a 3× pinch-zoom instead of covering the
 * page. Pins stay in the layout viewport with the elements they mark (overlay/engine.ts);
 * `toScreen` carries a pin's point over for the popovers beside it.
 *
 * The visual viewport is read in its own `resize`/`scroll` events (dispatched in the rendering steps,
 * before animation frames) and written at once as one transform and size; nothing else reads it.
 * Browsers without `visualViewport` keep the plain fixed layer over the layout viewport (base CSS).
 * A page's CSS `zoom` around the widget scales our px (until the overlay engine undoes it on our
 * container): the layer's numbers are divided by its effective zoom, read with the viewport.
 */
import type { ListenerCollection } from '../util/listener-collection';

/** The visual viewport, in the layout viewport's CSS px (as `visualViewport` reports it). */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
  scale: number;
}

interface Point {
  x: number;
  y: number;
}

export class ScreenViewport {
  /** The last visual viewport seen; null until the first read, and always where there is none. */
  declare box: ScreenBox | null;
  declare private layer: HTMLElement | null;
  declare private listeners: Set<() => void>;
  /** The layer's effective CSS zoom: viewport px per px of ours. */
  declare private zoom: number;

  constructor() {
    this.box = null;
    this.layer = null;
    this.listeners = new Set();
    this.zoom = 1;
  }

  /** The element that is the screen layer (App renders it); written at once when the box is known. */
  setLayer(layer: HTMLElement | null): void {
    this.layer = layer;
    this.write();
  }

  /** Called after every change of the visual viewport (popovers follow it); returns the unsubscribe. */
  onChange(callback: () => void): () => void {
    this.listeners.add(callback);
    return () => this.listeners.delete(callback);
  }

  /** A point of the layout viewport (a pin's) in the layer's coordinates. */
  toScreen(point: Point): Point {
    const { box, zoom } = this;
    return box ? { x: ((point.x - box.left) * box.scale) / zoom, y: ((point.y - box.top) * box.scale) / zoom } : point;
  }

  /** A length in the layer (the screen's CSS px) in the layout viewport's CSS px: how far to scroll the page. */
  toLayoutLength(length: number): number {
    const { box, zoom } = this;
    return box ? (length * zoom) / box.scale : length;
  }

  /** The layer's size in its own coordinates (the screen's CSS px); null without a box. */
  get size(): { width: number; height: number } | null {
    const { box, zoom } = this;
    return box ? { width: (box.width * box.scale) / zoom, height: (box.height * box.scale) / zoom } : null;
  }

  /** Reads the visual viewport; writes the layer and tells the followers when it changed. */
  update(viewport: VisualViewport): void {
    const next: ScreenBox = {
      left: viewport.offsetLeft,
      top: viewport.offsetTop,
      width: viewport.width,
      height: viewport.height,
      scale: viewport.scale > 0 ? viewport.scale : 1,
    };
    const zoom = zoomOf(this.layer);
    const box = this.box;
    if (box && zoom === this.zoom && (Object.keys(next) as (keyof ScreenBox)[]).every((key) => box[key] === next[key])) return;
    this.box = next;
    this.zoom = zoom;
    this.changed();
  }

  /** The CSS zoom around the layer changed (the overlay engine undid the page's): size it again. */
  rezoom(): void {
    const zoom = zoomOf(this.layer);
    if (zoom === this.zoom) return;
    this.zoom = zoom;
    if (this.box) this.changed();
  }

  private changed(): void {
    this.write();
    for (const callback of [...this.listeners]) callback();
  }

  private write(): void {
    const { layer, box, zoom } = this;
    if (!layer || !box) return;
    const size = this.size!;
    layer.style.transform = `translate(${box.left / zoom}px, ${box.top / zoom}px) scale(${1 / box.scale})`;
    layer.style.width = `${size.width}px`;
    layer.style.height = `${size.height}px`;
  }
}

/** An element's effective CSS zoom (1 where the browser has no such API). */
function zoomOf(element: HTMLElement | null): number {
  const zoom = (element as (HTMLElement & { currentCSSZoom?: number }) | null)?.currentCSSZoom;
  return typeof zoom === 'number' && zoom > 0 ? zoom : 1;
}

/**
 * Starts following the visual viewport; the listeners belong to `listeners`. The first read waits for
 * the next animation frame (before that frame's paint), so mounting never forces a layout of the page.
 */
export function watchScreen(listeners: ListenerCollection): ScreenViewport {
  const screen = new ScreenViewport();
  const viewport = typeof window.visualViewport === 'object' ? window.visualViewport : null;
  if (!viewport) return screen;
  const update = () => screen.update(viewport);
  listeners.add(viewport, 'resize', update);
  listeners.add(viewport, 'scroll', update);
  listeners.requestAnimationFrame(update);
  return screen;
}
