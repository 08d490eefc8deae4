/**
 * The visitor's intent in real Chromium: heading for the launcher or coming near it counts, moving
 * about elsewhere does not, and touch pointers wait for the tap. Events are real PointerEvents a
 * little apart in time, as a moving hand makes them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ListenerCollection } from '../util/listener-collection';
import { watchIntent } from './intent';

const owners: ListenerCollection[] = [];
afterEach(() => {
  owners.splice(0).forEach((owner) => owner.removeAll());
  document.body.replaceChildren();
});

/** A 52 px launcher at the window's bottom-right, watched. */
function launcherAt(): { button: HTMLButtonElement; fired: () => number } {
  const button = document.createElement('button');
  button.style.cssText = 'position:fixed;right:20px;bottom:20px;width:52px;height:52px';
  document.body.append(button);
  let count = 0;
  const owner = new ListenerCollection();
  owners.push(owner);
  watchIntent(button, owner, () => count++);
  return { button, fired: () => count };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Moves the pointer along `points`, ~30 ms apart. */
async function move(points: [number, number][], pointerType = 'mouse') {
  for (const [x, y] of points) {
    document.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y, pointerType, bubbles: true }));
    await pause(30);
  }
}

/** `steps` points from `from` towards `to`, `stride` px apart. */
function path(from: [number, number], to: [number, number], steps: number, stride = 12): [number, number][] {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  return Array.from({ length: steps }, (_, i) => [
    from[0] + ((to[0] - from[0]) * stride * i) / length,
    from[1] + ((to[1] - from[1]) * stride * i) / length,
  ]);
}

describe('visitor intent', () => {
  it('heading for the launcher from far away counts, once', async () => {
    const { button, fired } = launcherAt();
    const box = button.getBoundingClientRect();
    const centre: [number, number] = [box.left + 26, box.top + 26];
    await move(path([centre[0] - 700, centre[1] - 400], centre, 8));
    expect(fired()).toBe(1);
    await move(path([centre[0] - 300, centre[1] - 300], centre, 8));
    expect(fired()).toBe(1);
  });

  it('moving about elsewhere, or away from it, does not', async () => {
    const { button, fired } = launcherAt();
    const box = button.getBoundingClientRect();
    const centre: [number, number] = [box.left + 26, box.top + 26];
    await move(path([centre[0] - 400, centre[1] - 300], [0, 0], 8));
    await move(path([300, 40], [0, 40], 8));
    // Across the page, at right angles to the way to the launcher.
    await move(path([100, centre[1] - 500], [100, centre[1]], 8));
    expect(fired()).toBe(0);
  });

  it('coming near counts whatever the direction; a touch pointer waits for the tap', async () => {
    const { button, fired } = launcherAt();
    const box = button.getBoundingClientRect();
    await move([[box.left + 26, box.top - 150]], 'touch');
    expect(fired()).toBe(0);
    await move([[box.left + 26, box.top - 150]]);
    expect(fired()).toBe(1);
  });

  it('focus and a press on the launcher count', () => {
    const { button, fired } = launcherAt();
    button.focus();
    expect(fired()).toBe(1);
  });
});
