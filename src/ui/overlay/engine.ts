/**
 * The overlay engine: keeps every pin on its element however the page scrolls, resizes or changes,
 * without making the host page slower. Two costs are kept apart:
 *  - resolving a pin (selectors: which element) runs when the page changed — on load, after a quiet
 *    period following DOM mutations, on route changes, and on a retry schedule for late content —
 *    in time slices of at most RESOLVE_BUDGET_MS per frame (resolver.ts);
 *  - placing a pin (one rect read: where is that element now) runs in an animation frame whenever
 *    something may have moved (scroll, resize, element resize, mutation, fonts, CSS animations).
 * Each frame does all its layout reads first (resolving, pointOf, visibility, clip boxes, the
 * layer's origin, frame tasks' reads), then spreads pins that would cover each other (spread.ts,
 * arithmetic only), then all its writes (pin transforms, popovers, tasks' writes): one layout pass
 * per frame, never a read after a write.
 */
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { ListenerCollection } from '../../util/listener-collection';
import type { Point } from '../positions';
import type { Box } from './clip';
import { PageZoom } from './page-zoom';
import {
  drawPin,
  measurePin,
  newRecord,
  sameStatus,
  signatureOf,
  snap,
  spreadPins,
  statusOf,
  type OverlayStatus,
  type PinRecord,
} from './pins';
import { PinResolver } from './resolver';
import { layerScrolled, revealPin } from './reveal';
import { installTriggers, type FrameKind } from './triggers';
import type { FrameStats, FrameTask, OverlayOptions, OverlayTarget } from './types';

export type { FrameStats, FrameTask, OverlayOptions, OverlayStatus, OverlayTarget };

const SCROLL = 1;
const LAYOUT = 2;
const STYLE = 4;

export class OverlayEngine {
  declare readonly status: ReadonlySignal<OverlayStatus>;
  declare readonly stats: FrameStats;
  declare private statusSignal: Signal<OverlayStatus>;
  declare private options: OverlayOptions;
  declare private listeners: ListenerCollection;
  declare private pins: Map<string, PinRecord>;
  declare private elements: Map<string, HTMLElement>;
  declare private overrides: Map<string, Point>;
  declare private tasks: Set<FrameTask>;
  declare private resolver: PinResolver;
  declare private layer: HTMLElement | null;
  declare private container: HTMLElement | null;
  declare private pending: number;
  declare private queued: boolean;
  declare private layerOrigin: { left: number; top: number };
  declare private zoom: PageZoom;
  declare private animateUntil: number;
  declare private releaseLayer: (() => void) | null;
  /** Where a pin is drawn in overlay coordinates (for popovers); off-screen and clipped points too: they clamp. */
  declare private layerPointOf: (key: string) => Point | undefined;

  constructor(options: OverlayOptions) {
    this.options = options;
    this.listeners = new ListenerCollection(options.onError);
    this.statusSignal = signal<OverlayStatus>({ drawable: new Set(), orphaned: [], hidden: [] });
    this.status = this.statusSignal;
    this.stats = { frames: 0, lastFrameMs: 0, lastPins: 0, lastFull: false, lastResolved: 0 };
    this.pins = new Map();
    this.elements = new Map();
    this.overrides = new Map();
    this.tasks = new Set();
    this.layer = null;
    this.container = null;
    this.pending = 0;
    this.queued = false;
    this.layerOrigin = { left: 0, top: 0 };
    this.zoom = new PageZoom();
    this.animateUntil = 0;
    this.releaseLayer = null;
    this.layerPointOf = (key) => {
      const client = this.pins.get(key)?.drawn;
      return client ? { x: snap(client.x - this.layerOrigin.left), y: snap(client.y - this.layerOrigin.top) } : undefined;
    };
    this.resolver = new PinResolver(
      this.listeners,
      () => this.schedule('layout'),
      (error) => this.options.onError?.(error),
    );
    installTriggers(this.listeners, options.host, this);
  }

  /** The fixed layer pins are drawn in, and the element whose zoom undoes the page's CSS zoom. */
  setLayer(layer: HTMLElement | null, container: HTMLElement | null = layer?.parentElement ?? null): void {
    this.releaseLayer?.();
    this.layer = layer;
    this.container = container;
    this.zoom.reset();
    this.releaseLayer = layer
      ? this.listeners.add(layer, 'scroll', () => {
          if (layerScrolled(layer, this.pins.values())) this.schedule('scroll');
        })
      : null;
    this.schedule('layout');
  }

  /** The pins there should be; a pin whose anchor changed is resolved again. */
  setTargets(targets: readonly OverlayTarget[]): void {
    const next = new Map<string, PinRecord>();
    for (const { key, anchor } of targets) {
      const signature = signatureOf(anchor);
      const known = this.pins.get(key);
      const pin = known ?? newRecord(key, anchor, signature);
      pin.anchor = anchor;
      next.set(key, pin);
      if (known && known.signature === signature) continue;
      // A new or changed anchor (a moved pin) is resolved in the next frame; a changed one keeps its
      // last place until then, so its element is not unmounted and re-created (it may have focus).
      Object.assign(pin, { signature, firstAt: -1, settled: false });
      this.resolver.renew(key);
    }
    for (const [key, pin] of this.pins) if (!next.has(key)) this.resolver.release(pin);
    this.pins = next;
    this.publishStatus();
    this.schedule('layout');
  }

  /** The drawn element of a pin (null when it left the DOM). Placed at once when its place is known. */
  attach(key: string, element: HTMLElement | null): void {
    if (element) this.elements.set(key, element);
    else this.elements.delete(key);
    const pin = this.pins.get(key);
    if (!pin) return;
    pin.written = null;
    pin.x = pin.y = Number.NaN;
    this.drawNow(pin);
    this.schedule('scroll');
  }

  /** Draws a pin at a viewport point instead of its anchor (while it is dragged or moved by keys). */
  setOverride(key: string, point: Point | null): void {
    if (point) this.overrides.set(key, { x: point.x, y: point.y });
    else this.overrides.delete(key);
    this.publishStatus();
    const pin = this.pins.get(key);
    if (pin && point) this.drawNow(pin);
    this.schedule('scroll');
  }

  /**
   * Draws a pin between frames, from what is known without reading layout: its override point, or
   * the last frame's measurement. A pin that is about to get focus must not wait for the next frame.
   */
  private drawNow(pin: PinRecord): void {
    const override = this.overrides.get(pin.key);
    if (override) {
      pin.client = pin.drawn = override;
      pin.state = 'shown';
    }
    drawPin(pin, this.elements.get(pin.key), this);
  }

  /** Where a pin was drawn in the last frame (beside its point when spread), in viewport coordinates. */
  clientPointOf(key: string): Point | null {
    return this.pins.get(key)?.drawn ?? null;
  }

  /** The element a pin is on now (null: not found yet, page-level or orphaned): panels are placed beside it. */
  elementOf(key: string): Element | null {
    const resolved = this.pins.get(key)?.resolved;
    return resolved && resolved.status !== 'orphaned' ? resolved.element : null;
  }

  /** A pin out of sight got keyboard focus: scroll its element into view (the pin follows). */
  reveal(key: string): void {
    revealPin(this.pins.get(key));
  }

  /** Runs `task`'s read and write halves in every frame until the returned function is called. */
  addTask(task: FrameTask): () => void {
    this.tasks.add(task);
    this.schedule('scroll');
    return this.listeners.own(() => this.tasks.delete(task));
  }

  /** Asks for a frame of at least this kind (see FrameKind). */
  schedule(kind: FrameKind): void {
    this.pending |= kind === 'style' ? STYLE : kind === 'layout' ? LAYOUT : SCROLL;
    if (this.queued || this.listeners.isDestroyed) return;
    this.queued = true;
    this.listeners.requestAnimationFrame(() => this.frame());
  }

  /** The page changed: every pin is resolved again (in slices, from the next frame on). */
  reresolveAll(): void {
    this.options.onDomSettled?.();
    this.resolver.addAll(this.pins.keys());
    this.schedule('style');
  }

  /** Something may move without events (CSS transitions, animations): follow it for `ms`. */
  animate(ms: number): void {
    this.animateUntil = Math.max(this.animateUntil, performance.now() + ms);
    this.schedule('layout');
  }

  destroy(): void {
    this.listeners.removeAll();
    this.pins.clear();
    this.elements.clear();
    this.tasks.clear();
  }

  private frame(): void {
    const started = performance.now();
    const kind = this.pending;
    this.pending = 0;
    this.queued = false;

    // ---- Read phase: every layout read of this frame, nothing written yet.
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    this.options.beforeRead?.(viewport.width);
    const resolved = this.resolver.slice(this.pins, started);
    const full = (kind & (LAYOUT | STYLE)) !== 0 || resolved > 0;
    if (full) this.zoom.read(this.options.host);
    if (this.layer) {
      const rect = this.layer.getBoundingClientRect();
      this.layerOrigin = { left: rect.left, top: rect.top };
    }
    const context = { style: full, viewport, boxes: new Map<Element, Box>() };
    let listChanged = resolved > 0;
    for (const pin of this.pins.values()) {
      const boxless = pin.boxless;
      // An element replaced by a re-render: find the new one now, not after the quiet period.
      if (!measurePin(pin, this.overrides.get(pin.key), context)) this.resolver.add(pin.key);
      if (pin.boxless !== boxless) listChanged = true;
    }
    for (const task of this.tasks) task.read?.();
    // Pins at one spot are drawn beside each other (no reads: the points above are all it needs).
    spreadPins(this.pins.values(), this.overrides, viewport);

    // ---- Write phase.
    if (this.zoom.apply(this.container)) this.options.onZoomApplied?.();
    for (const pin of this.pins.values()) drawPin(pin, this.elements.get(pin.key), this);
    this.options.positions.publish(this.layerPointOf, viewport);
    for (const task of this.tasks) task.write?.();
    // A pin whose element lost or regained its box moves into or out of the "not placed" list.
    if (listChanged) this.publishStatus();

    const { stats } = this;
    Object.assign(stats, {
      frames: stats.frames + 1,
      lastFrameMs: performance.now() - started,
      lastPins: this.pins.size,
      lastFull: full,
      lastResolved: resolved,
    });
    if (this.resolver.size > 0 || performance.now() < this.animateUntil) this.schedule('layout');
    this.resolver.armRetry();
  }

  /** Where the layer's origin is in the viewport (DrawContext). */
  get origin(): { left: number; top: number } {
    return this.layerOrigin;
  }

  private publishStatus(): void {
    const next = statusOf(this.pins.values(), this.overrides);
    if (!sameStatus(next, this.statusSignal.peek())) this.statusSignal.value = next;
  }
}
