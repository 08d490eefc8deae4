/**
 * Test-only kit for the engine's browser tests: a fresh engine and fixture per test, and the
 * placement assertion. Apart from testing.ts, which the overlay bench bundles (no vitest there).
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { page } from 'vitest/browser';
import { centreOf, mountEngine, spotOf, type EngineRig } from './testing';

/** Registers the per-test set-up and tear-down; read `rig` and `fixture` inside tests. */
export function useEngineTest(): { readonly rig: EngineRig; readonly fixture: HTMLElement } {
  let rig: EngineRig | undefined;
  let fixture: HTMLElement | undefined;
  beforeEach(async () => {
    await page.viewport(1000, 700);
    fixture = document.createElement('div');
    document.body.append(fixture);
    rig = mountEngine();
  });
  afterEach(() => {
    rig?.remove();
    fixture?.remove();
    document.documentElement.style.zoom = '';
    document.documentElement.dir = '';
    window.scrollTo(0, 0);
  });
  return {
    get rig() {
      return rig!;
    },
    get fixture() {
      return fixture!;
    },
  };
}

/** Asserts that `pin`'s centre sits on the spot `at` (percent) of `target`. */
export function expectOn(pin: HTMLElement, target: Element, at = { x: 50, y: 50 }, tolerance = 0.5): void {
  const want = spotOf(target, at);
  const got = centreOf(pin);
  expect(Math.abs(got.x - want.x), `x: pin ${got.x}, element spot ${want.x}`).toBeLessThan(tolerance);
  expect(Math.abs(got.y - want.y), `y: pin ${got.y}, element spot ${want.y}`).toBeLessThan(tolerance);
}
