/**
 * One pin as the overlay engine tracks it, and the per-frame steps on it: measuring (reads only)
 * and drawing (writes only). Kept apart from the engine's scheduling so each half stays small.
 */
import { pointOfPin, resolveAnchor, type PinAnchor, type ResolvedPin } from '../../state/model/anchoring';
import type { Point } from '../positions';
import { clipAncestorsOf, clipBoxOf, contains, isStyleVisible, type Box } from './clip';
import type { RetryState } from './reanchor';
import { spreadPoints } from './spread';
import { natives } from '../../util/natives';

export interface PinRecord extends RetryState {
  key: string;
  anchor: PinAnchor;
  /** Identity of the anchor's content: a changed anchor is resolved again. */
  signature: string;
  resolved: ResolvedPin | null;
  /** Ancestors whose overflow can clip the element (found at resolve time). */
  clips: Element[];
  styleVisible: boolean;
  /**
   * Found, but its element shows no box this frame (zero area, hidden by style): not drawn, so it is
   * listed as not placed instead — a pin is never silently invisible.
   */
  boxless: boolean;
  /** The element watched for size changes on this pin's behalf (its own box or, inline, its container's). */
  observed: Element | null;
  /** This frame's viewport point; null when the pin has no place now. */
  client: Point | null;
  /** Where it is drawn: its point, or beside it when other pins are there too (spread.ts). */
  drawn: Point | null;
  /** How the pin is drawn this frame. */
  state: PinState;
  /** What was last written to the pin element (null: nothing yet). */
  written: PinState | null;
  x: number;
  y: number;
}

/**
 * shown: drawn at its point. offscreen: its point is outside the viewport — placed there all the
 * same, where the layer clips it (nothing drawn, nothing stale), so whatever reveals it (keyboard
 * focus, find-in-page, scrollIntoView) scrolls the layer towards it and the engine turns that into
 * scrolling the page. parked: clipped by one of its element's containers — kept far out of sight
 * (it must not show outside its container) but focusable; focus scrolls its element into view.
 * hidden: no place, or its element is hidden by style or has no area (then it is listed, see boxless).
 */
export type PinState = 'shown' | 'offscreen' | 'parked' | 'hidden';

const PARKED = 'translate(-10000px, -10000px)';

export interface OverlayStatus {
  /** Keys that have a place on the page (drawn when on screen and not hidden). */
  drawable: ReadonlySet<string>;
  /** Keys found nowhere after the retry window: listed instead of drawn. */
  orphaned: readonly string[];
  /** Keys found on an element that shows no box now (hidden, collapsed): listed too, until it shows. */
  hidden: readonly string[];
}

export function newRecord(key: string, anchor: PinAnchor, signature: string): PinRecord {
  return {
    key,
    anchor,
    signature,
    resolved: null,
    clips: [],
    styleVisible: true,
    boxless: false,
    observed: null,
    client: null,
    drawn: null,
    state: 'hidden',
    written: null,
    x: Number.NaN,
    y: Number.NaN,
    firstAt: -1,
    settled: false,
  };
}

/** Resolves the pin's anchor and what can hide it; reads style, never writes. Throws only from anchor code. */
export function resolveRecord(pin: PinRecord): void {
  const resolved = resolveAnchor(pin.anchor);
  const element = resolved.element;
  pin.resolved = resolved;
  pin.clips = element ? clipAncestorsOf(element) : [];
  pin.styleVisible = element ? isStyleVisible(element) : true;
}

export interface MeasureContext {
  /** Style visibility is read again (a resize may have applied media queries; the DOM changed). */
  style: boolean;
  viewport: { width: number; height: number };
  /** Clip boxes read this frame, shared by the pins of one container. */
  boxes: Map<Element, Box>;
}

/**
 * Where the pin is this frame and whether it is drawn. Reads only. Returns false when the pin's
 * element has left the DOM (the caller resolves it again).
 */
export function measurePin(pin: PinRecord, override: Point | undefined, context: MeasureContext): boolean {
  pin.client = pin.drawn = null;
  pin.state = 'hidden';
  if (override) {
    pin.client = pin.drawn = override;
    pin.state = 'shown';
    return true;
  }
  const resolved = pin.resolved;
  if (!resolved || resolved.status === 'orphaned') return true;
  const element = resolved.element;
  if (element && !element.isConnected) return false;
  const point = pointOfPin(resolved);
  if (element && context.style) pin.styleVisible = isStyleVisible(element);
  // The size comes with the point (one read). Not from the ResizeObserver: it reports every
  // non-replaced inline box (a link, a span) as 0×0. Zero area — a collapsed panel, an empty
  // inline — shows nothing to comment on.
  const placeable = !!point && Number.isFinite(point.clientX) && Number.isFinite(point.clientY) && point.width > 0 && point.height > 0;
  pin.boxless = !placeable || !pin.styleVisible;
  if (!point || pin.boxless) return true;
  const x = point.clientX;
  const y = point.clientY;
  pin.client = pin.drawn = { x, y };
  pin.state = 'parked';
  const { viewport, boxes } = context;
  for (const clip of pin.clips) {
    let box = boxes.get(clip);
    if (!box) boxes.set(clip, (box = clipBoxOf(clip)));
    if (!contains(box, x, y)) return true;
  }
  pin.state = x < 0 || y < 0 || x > viewport.width || y > viewport.height ? 'offscreen' : 'shown';
  return true;
}

/**
 * Spreads this frame's pins that are on the page (shown or off-screen; not clipped, not dragged or
 * moved by keys: those follow the pointer) so none covers another, in the engine's target order.
 */
export function spreadPins(
  pins: Iterable<PinRecord>,
  overrides: ReadonlyMap<string, Point>,
  viewport: { width: number; height: number },
): void {
  const placed: PinRecord[] = [];
  const points: Point[] = [];
  for (const pin of pins) {
    if (!pin.client || (pin.state !== 'shown' && pin.state !== 'offscreen') || overrides.has(pin.key)) continue;
    placed.push(pin);
    points.push(pin.client);
  }
  const drawn = spreadPoints(points, viewport);
  for (let i = 0; i < placed.length; i++) placed[i]!.drawn = drawn[i]!;
}

export interface DrawContext {
  origin: { left: number; top: number };
}

/**
 * Rounds a layer coordinate. Keeps sub-pixel precision (CSS px are independent of devicePixelRatio,
 * and the browser places a fractional translate on device pixels itself) but drops float noise, so
 * unchanged spots are not written again.
 */
export function snap(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Off-screen pins are only written when they moved this far: nobody sees them, focus finds them. */
const OFFSCREEN_GRID_PX = 32;

/** Draws the pin from this frame's measurement: writes only, and only what changed. */
export function drawPin(pin: PinRecord, element: HTMLElement | undefined, context: DrawContext): void {
  if (!element) return;
  const point = pin.drawn;
  const state = pin.state;
  let x = point ? snap(point.x - context.origin.left) : Number.NaN;
  let y = point ? snap(point.y - context.origin.top) : Number.NaN;
  if (state === 'offscreen') {
    x = Math.round(x / OFFSCREEN_GRID_PX) * OFFSCREEN_GRID_PX;
    y = Math.round(y / OFFSCREEN_GRID_PX) * OFFSCREEN_GRID_PX;
  }
  if (state === 'hidden') {
    if (pin.written !== 'hidden') element.style.visibility = 'hidden';
  } else if (state === 'parked') {
    // Written once when its container clips it: clipped pins cost nothing per frame.
    if (pin.written !== 'parked') element.style.transform = PARKED;
    pin.x = pin.y = Number.NaN;
  } else if (x !== pin.x || y !== pin.y) {
    // The stylesheet's `translate: -50% -50%` puts the pin's centre, not its corner, on the point.
    element.style.transform = `translate(${x}px, ${y}px)`;
    pin.x = x;
    pin.y = y;
  }
  if (state !== 'hidden' && (pin.written === 'hidden' || pin.written === null)) element.style.visibility = 'visible';
  pin.written = state;
}

export function statusOf(pins: Iterable<PinRecord>, overrides: ReadonlyMap<string, Point>): OverlayStatus {
  const drawable = new Set<string>();
  const orphaned: string[] = [];
  const hidden: string[] = [];
  for (const pin of pins) {
    const moved = overrides.has(pin.key);
    if (moved || (pin.resolved && pin.resolved.status !== 'orphaned')) {
      // Still rendered (hidden) so it shows without a re-render when its element does.
      drawable.add(pin.key);
      if (!moved && pin.boxless && pin.settled) hidden.push(pin.key);
    } else if (pin.settled) orphaned.push(pin.key);
  }
  return { drawable, orphaned, hidden };
}

export function sameStatus(a: OverlayStatus, b: OverlayStatus): boolean {
  return (
    a.drawable.size === b.drawable.size &&
    [...a.drawable].every((key) => b.drawable.has(key)) &&
    a.orphaned.join('\n') === b.orphaned.join('\n') &&
    a.hidden.join('\n') === b.hidden.join('\n')
  );
}

const signatures = new WeakMap<PinAnchor, string>();

/** A string that changes when the anchor's content does (cached per anchor object). */
export function signatureOf(anchor: PinAnchor): string {
  let signature = signatures.get(anchor);
  if (signature === undefined) {
    signature = natives().stringify([
      anchor.elements,
      (anchor.elementParents ?? []).map((parent) => [parent.path, parent.depth]),
      anchor.offsetXPercentage,
      anchor.offsetYPercentage,
    ]);
    signatures.set(anchor, signature);
  }
  return signature;
}
