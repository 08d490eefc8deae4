/** Test-only assertion for pin placement (apart from testing.ts, which the overlay bench bundles). */
import { expect } from 'vitest';
import { centreOf, spotOf } from './testing';

/** Asserts that `pin`'s centre sits on the spot `at` (percent) of `target`. */
export function expectOn(pin: HTMLElement, target: Element, at = { x: 50, y: 50 }, tolerance = 0.5): void {
  const want = spotOf(target, at);
  const got = centreOf(pin);
  expect(Math.abs(got.x - want.x), `x: pin ${got.x}, element spot ${want.x}`).toBeLessThan(tolerance);
  expect(Math.abs(got.y - want.y), `y: pin ${got.y}, element spot ${want.y}`).toBeLessThan(tolerance);
}
