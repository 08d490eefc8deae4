/**
 * Pins at the same spot must not hide each other (issue 14 point 6: a new pin over #1, #17 over #5).
 * Each frame, after every pin's point is measured and before anything is written, the engine passes
 * the points here and draws each pin where this says. Pure arithmetic on numbers already read: no
 * layout reads, no DOM.
 *
 * Why offsetting and not a "3" cluster badge: a badge hides which threads are there, their states
 * (resolved, open, unsent, failed) and their numbers, and puts a chooser between the reviewer and the
 * thread — two clicks instead of one, and a drag or Alt+arrow move of a pin would first need the
 * chooser. Offset pins stay ordinary buttons: one click opens, each state shows, each can be dragged.
 * Groups of colliding pins are small in practice (several comments on one button, a list of tight rows).
 *
 * How: greedy in priority order (the thread order; unsent comments and then the pending pin last).
 * A pin keeps its own point when no earlier pin is within PIN_PITCH_PX of it; otherwise it takes the
 * first free spot of a fixed lattice search around its own point (to the right, below, below-right,
 * then the left, then above, ring by ring). So:
 *  - earlier pins never move for later ones: dropping a new pin, or a comment being sent, never
 *    shuffles the pins already there, and the pending pin never covers an existing one nor the
 *    other way round;
 *  - the result depends only on the points' relative positions and their order: a scroll moves
 *    every pin alike and changes nothing (stable, no jitter); the same pins on the same layout are
 *    drawn the same way;
 *  - displacement stays local: pins on a list of 24 px rows zig-zag beside their own rows instead
 *    of being gathered into a block far from them.
 * Cost: a grid hash of the placed pins (cells of one pitch), so a point's neighbours are the 3×3
 * cells around it: O(n) per frame, and the search for free spots is bounded by a budget per frame.
 */
import type { Point } from '../positions';

/** Centre-to-centre distance of spread pins: a pin is 28 px wide (pins.css) plus a 2 px gap. */
export const PIN_PITCH_PX = 30;

/** How far (in pitches) a colliding pin looks for a free spot before it gives up and overlaps. */
const SEARCH_RINGS = 4;

/**
 * Candidate spots tried per frame, per pin on average: a page crowded past what the lattice can hold
 * (a thousand pins 20 px apart) stops searching once it is spent — the rest stay on their points —
 * so a frame stays O(n) whatever the page (deterministic: the same pins still draw the same way).
 */
const SEARCH_BUDGET_PER_PIN = 16;

/** Lattice neighbours exactly one pitch apart must not count as colliding through float noise. */
const COLLIDE_PX = PIN_PITCH_PX - 0.01;

/** Free spots to try around a colliding pin, in pitches, in order (see the header for why). */
const CANDIDATES: readonly (readonly [number, number])[] = searchOrder(SEARCH_RINGS);

export interface SpreadBounds {
  width: number;
  height: number;
}

/**
 * Where to draw each of `points` (in priority order) so that none covers another: the very same
 * Point object where a pin keeps its spot, a new one where it moves. `bounds` (the viewport): a pin
 * whose own point is inside is not moved outside it.
 */
export function spreadPoints(points: readonly Point[], bounds?: SpreadBounds): Point[] {
  const count = points.length;
  const drawn = points.slice();
  if (count < 2) return drawn;
  const grid = new PlacedGrid(count);
  let budget = count * SEARCH_BUDGET_PER_PIN;
  for (let index = 0; index < count; index++) {
    const point = points[index]!;
    if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) continue;
    if (grid.isFree(point.x, point.y)) {
      grid.add(index, point.x, point.y);
      continue;
    }
    const inside = !!bounds && point.x >= 0 && point.y >= 0 && point.x <= bounds.width && point.y <= bounds.height;
    let placed: Point | null = null;
    for (const [column, row] of CANDIDATES) {
      if (budget-- <= 0) break;
      const x = point.x + column * PIN_PITCH_PX;
      const y = point.y + row * PIN_PITCH_PX;
      if (inside && (x < 0 || y < 0 || x > bounds!.width || y > bounds!.height)) continue;
      if (grid.isFree(x, y)) {
        placed = { x, y };
        break;
      }
    }
    // Crowded beyond the search (hundreds of pins on one spot): it stays on its point, still drawn.
    const at = placed ?? point;
    drawn[index] = at;
    grid.add(index, at.x, at.y);
  }
  return drawn;
}

/**
 * The placed pins bucketed by cells one pitch wide: anything closer than a pitch to a point is in
 * the 3×3 cells around the point's cell. Chains in typed arrays, so a frame allocates one Map.
 */
class PlacedGrid {
  declare private heads: Map<number, number>;
  declare private next: Int32Array;
  declare private xs: Float64Array;
  declare private ys: Float64Array;

  constructor(capacity: number) {
    this.heads = new Map();
    this.next = new Int32Array(capacity);
    this.xs = new Float64Array(capacity);
    this.ys = new Float64Array(capacity);
  }

  add(index: number, x: number, y: number): void {
    const key = cellKey(Math.floor(x / PIN_PITCH_PX), Math.floor(y / PIN_PITCH_PX));
    this.xs[index] = x;
    this.ys[index] = y;
    this.next[index] = this.heads.get(key) ?? -1;
    this.heads.set(key, index);
  }

  isFree(x: number, y: number): boolean {
    const column = Math.floor(x / PIN_PITCH_PX);
    const row = Math.floor(y / PIN_PITCH_PX);
    for (let dc = -1; dc <= 1; dc++) {
      for (let dr = -1; dr <= 1; dr++) {
        for (let index = this.heads.get(cellKey(column + dc, row + dr)) ?? -1; index >= 0; index = this.next[index]!) {
          const dx = this.xs[index]! - x;
          const dy = this.ys[index]! - y;
          if (dx * dx + dy * dy < COLLIDE_PX * COLLIDE_PX) return false;
        }
      }
    }
    return true;
  }
}

/** One number per cell; exact for rows within ±2^21 cells (63 million px), far beyond any page. */
function cellKey(column: number, row: number): number {
  return column * 4_194_304 + row;
}

/**
 * Lattice offsets ring by ring (Chebyshev distance 1, 2, …); within a ring: not left and not above
 * first, then left, then above, nearer before farther. Two pins on one spot read "1 2", four make a
 * square "1 2 / 3 4" in thread order, and nothing is pushed up over the text above it.
 */
export function searchOrder(rings: number): [number, number][] {
  const offsets: [number, number][] = [];
  for (let ring = 1; ring <= rings; ring++) {
    const inRing: [number, number][] = [];
    for (let row = -ring; row <= ring; row++) {
      for (let column = -ring; column <= ring; column++) {
        if (Math.max(Math.abs(column), Math.abs(row)) === ring) inRing.push([column, row]);
      }
    }
    const rank = ([column, row]: [number, number]) => [row < 0 ? 1 : 0, column < 0 ? 1 : 0, Math.hypot(column, row), row, column];
    inRing.sort((a, b) => {
      const ra = rank(a);
      const rb = rank(b);
      for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
      return 0;
    });
    offsets.push(...inRing);
  }
  return offsets;
}
