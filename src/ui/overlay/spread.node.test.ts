/** The pin spreading rules (spread.ts): nothing covers anything, earlier pins stay, stable, cheap. */
import { describe, expect, it } from 'vitest';
import { PIN_PITCH_PX, searchOrder, spreadPoints } from './spread';

type P = { x: number; y: number };

function expectNoOverlap(points: readonly P[]): void {
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const distance = Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y);
      expect(distance, `pins ${i} and ${j}`).toBeGreaterThanOrEqual(PIN_PITCH_PX - 0.02);
    }
  }
}

describe('spreadPoints', () => {
  it('leaves pins that do not collide where they are (the very same objects)', () => {
    const points = [
      { x: 10, y: 10 },
      { x: 50, y: 10 },
      { x: 10, y: 50 },
    ];
    const drawn = spreadPoints(points);
    drawn.forEach((point, i) => expect(point).toBe(points[i]));
  });

  it('spreads pins on one spot in thread order: "1 2", then a square "1 2 / 3 4"', () => {
    const spot = () => ({ x: 200, y: 100 });
    expect(spreadPoints([spot(), spot()])).toEqual([
      { x: 200, y: 100 },
      { x: 230, y: 100 },
    ]);
    const four = spreadPoints([spot(), spot(), spot(), spot()]);
    expect(four).toEqual([
      { x: 200, y: 100 },
      { x: 230, y: 100 },
      { x: 200, y: 130 },
      { x: 230, y: 130 },
    ]);
  });

  it('never lets a later pin (the pending one) cover an earlier one, nor move it', () => {
    const existing = [
      { x: 300, y: 300 },
      { x: 303, y: 298 },
      { x: 420, y: 40 },
    ];
    const before = spreadPoints(existing);
    const withPending = spreadPoints([...existing, { x: 301, y: 301 }]);
    expect(withPending.slice(0, 3)).toEqual(before);
    expectNoOverlap(withPending);
  });

  it('is stable: the same layout gives the same drawing, and a scroll moves everything alike', () => {
    const points = Array.from({ length: 12 }, (_, i) => ({ x: 100 + (i % 4) * 11.3, y: 80 + Math.floor(i / 4) * 17.7 }));
    const first = spreadPoints(points);
    expect(spreadPoints(points.map((p) => ({ ...p })))).toEqual(first);
    const scrolled = spreadPoints(points.map((p) => ({ x: p.x, y: p.y - 240 })));
    scrolled.forEach((p, i) => {
      expect(p.x).toBeCloseTo(first[i]!.x, 6);
      expect(p.y).toBeCloseTo(first[i]!.y - 240, 6);
    });
    expectNoOverlap(first);
  });

  it('keeps displacement local: pins on a list of tight rows zig-zag beside their own rows', () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({ x: 100, y: 100 + i * 24 }));
    const drawn = spreadPoints(rows);
    expectNoOverlap(drawn);
    drawn.forEach((p, i) => {
      expect(p.y).toBe(rows[i]!.y);
      expect(Math.abs(p.x - 100)).toBeLessThanOrEqual(PIN_PITCH_PX);
    });
  });

  it('does not push a pin that is on screen off the screen', () => {
    const bounds = { width: 400, height: 300 };
    const corner = () => ({ x: 395, y: 295 });
    const drawn = spreadPoints([corner(), corner(), corner()], bounds);
    expectNoOverlap(drawn);
    for (const p of drawn) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(400);
      expect(p.y).toBeLessThanOrEqual(300);
    }
  });

  it('ignores non-finite points and survives hundreds of pins on one spot', () => {
    const drawn = spreadPoints([
      { x: Number.NaN, y: 1 },
      { x: 5, y: 5 },
      { x: 5, y: 5 },
    ]);
    expect(drawn[0]!.x).toBeNaN();
    expect(drawn[2]).toEqual({ x: 35, y: 5 });
    const crowd = spreadPoints(Array.from({ length: 300 }, () => ({ x: 500, y: 500 })));
    // The search covers 9×9 − 1 spots around the point: the first 81 pins are all apart.
    expectNoOverlap(crowd.slice(0, 81));
    expect(crowd).toHaveLength(300);
    expect(spreadPoints(Array.from({ length: 300 }, () => ({ x: 500, y: 500 })))).toEqual(crowd);
  });

  it('costs O(n): 2000 pins in a dense field spread in a few milliseconds', () => {
    const field = Array.from({ length: 2000 }, (_, i) => ({ x: (i % 40) * 20, y: Math.floor(i / 40) * 20 }));
    spreadPoints(field); // warm-up
    const started = performance.now();
    const drawn = spreadPoints(field);
    const elapsed = performance.now() - started;
    expect(drawn).toHaveLength(2000);
    // Not a timing budget (that is the bench): a guard against an accidental O(n²).
    expect(elapsed).toBeLessThan(200);
  });

  it('searches ring by ring: right, below, below-right, then left, then above', () => {
    expect(searchOrder(1)).toEqual([
      [1, 0],
      [0, 1],
      [1, 1],
      [-1, 0],
      [-1, 1],
      [0, -1],
      [1, -1],
      [-1, -1],
    ]);
    expect(searchOrder(2)).toHaveLength(24);
  });
});
