/**
 * What the anchor tests share: a fixture mounted at the page's top-left at a fixed width (so
 * positions and paths do not depend on the test runner's page) and removed after each test, a pin
 * as the server hands it back (through JSON), and the rule every re-find must keep: exact on the
 * pinned element, or approximate on something holding it — never on another element.
 */
import { afterEach, expect } from 'vitest';
import { describePin } from './describe';
import type { ResolvedPin } from './types';

let mounted: HTMLElement | undefined;

afterEach(() => {
  mounted?.remove();
  mounted = undefined;
});

export function mount(html: string): HTMLElement {
  mounted = document.createElement('div');
  mounted.style.cssText = 'position:absolute;left:0;top:0;width:800px';
  mounted.innerHTML = html;
  document.body.append(mounted);
  return mounted;
}

/** The fixture of the running test. */
export function fixture(): HTMLElement {
  if (!mounted) throw new Error('mount() a fixture first');
  return mounted;
}

/** A pin as it comes back from the server: described at its top-left corner, through JSON. */
export const storedPin = (target: Element) => JSON.parse(JSON.stringify(describePin(target, 0, 0)));

/** Exact on the pinned element, or approximate on something holding it: anything but another element. */
export function expectNotWrong(resolved: ResolvedPin, pinned: Element): void {
  if (resolved.status === 'exact') expect(resolved.element).toBe(pinned);
  else expect(resolved.element === null || resolved.element.contains(pinned)).toBe(true);
}
