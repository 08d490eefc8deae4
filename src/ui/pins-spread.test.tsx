/**
 * Pins on one spot (issue 14 point 6) in the real widget: each drawn beside the others, each one
 * the element under its own centre and clickable, keyboard order still the thread order, stable
 * while the page scrolls, and the pending pin of a new comment covering none of them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { canonicalUrlOf } from '../anchor';
import type { ThreadResponse } from '../api/wire';
import { createFakeService, makeThread } from './testing/fake-service';
import { centerOf, frames, startWidget, useSignedInPage, type Harness } from './testing/harness';

let harness: Harness | null = null;
useSignedInPage(`
    <div style="height:120px"></div>
    <p id="target" style="margin:0 0 0 100px;width:400px;height:100px;background:#eef">Everyone comments here</p>
    <div style="height:3000px"></div>`);

afterEach(() => {
  harness?.stop();
  harness = null;
});

function threadAtSameSpot(number: number, extra: Partial<ThreadResponse> = {}): ThreadResponse {
  return makeThread(number, {
    canonicalUrl: canonicalUrlOf(document),
    elements: [{ id: 'e', threadId: 't', path: '#target', offsetXPercentage: 25, offsetYPercentage: 75, createdAt: 0, modifiedAt: 0 }],
    ...extra,
  });
}

function pins(harness: Harness): HTMLElement[] {
  return [...harness.root().querySelectorAll<HTMLElement>('.pm-layer > .pm-pin[data-thread-id]')];
}

function rectsOverlap(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

function expectApart(elements: HTMLElement[]): void {
  const rects = elements.map((element) => element.getBoundingClientRect());
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) expect(rectsOverlap(rects[i]!, rects[j]!), `${i} over ${j}`).toBe(false);
}

describe('pins on one spot', () => {
  it('are drawn apart, each hit at its centre and clickable, in thread order, stable while scrolling', async () => {
    harness = await startWidget(
      createFakeService({
        threads: [threadAtSameSpot(1), threadAtSameSpot(5), threadAtSameSpot(17), threadAtSameSpot(9, { resolved: true })],
      }),
    );
    await expect.element(page.getByRole('button', { name: 'Thread 17' })).toBeVisible();
    await frames();
    const drawn = pins(harness);
    expect(drawn.map((pin) => pin.textContent)).toEqual(['1', '5', '9', '17']);
    expectApart(drawn);
    for (const pin of drawn) {
      const { x, y } = centerOf(pin);
      expect(harness.root().elementFromPoint(x, y)).toBe(pin);
      expect(pin.getBoundingClientRect().width).toBeGreaterThanOrEqual(24);
    }
    // The first keeps the commented spot; the rest sit within two pin widths of it.
    const target = document.getElementById('target')!.getBoundingClientRect();
    const spot = { x: target.left + target.width * 0.25, y: target.top + target.height * 0.75 };
    expect(Math.hypot(centerOf(drawn[0]!).x - spot.x, centerOf(drawn[0]!).y - spot.y)).toBeLessThan(0.5);
    for (const pin of drawn) expect(Math.hypot(centerOf(pin).x - spot.x, centerOf(pin).y - spot.y)).toBeLessThan(60);

    // Stable: a scroll moves the group as one, nothing is reshuffled.
    const before = drawn.map((pin) => centerOf(pin));
    window.scrollTo(0, 53);
    await frames();
    drawn.forEach((pin, i) => {
      expect(centerOf(pin).x).toBeCloseTo(before[i]!.x, 1);
      expect(centerOf(pin).y).toBeCloseTo(before[i]!.y - 53, 1);
    });

    for (const number of [1, 5, 9, 17]) {
      await page.getByRole('button', { name: `Thread ${number}`, exact: true }).click();
      const panel = page.getByRole('dialog', { name: `Thread ${number}` });
      await expect.element(panel).toBeVisible();
      await panel.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => panel.query()).toBeNull();
    }
  });

  it('a new comment’s pending pin on the same spot covers none of them, and they stay where they were', async () => {
    harness = await startWidget(createFakeService({ threads: [threadAtSameSpot(1), threadAtSameSpot(2)] }));
    await expect.element(page.getByRole('button', { name: 'Thread 2' })).toBeVisible();
    await frames();
    const existing = pins(harness);
    const before = existing.map((pin) => centerOf(pin));

    await page.getByRole('button', { name: 'Add comment' }).click();
    const target = document.getElementById('target')!;
    // 20 px left of the pins' spot: beside pin 1 (a click on it would hit the pin), close enough to collide.
    await page.elementLocator(target).click({ position: { x: 80, y: 75 } });
    await expect.element(page.getByRole('dialog', { name: 'New comment' })).toBeVisible();
    await frames(3);
    const pending = harness.root().querySelector<HTMLElement>('.pm-pin--pending')!;
    expect(getComputedStyle(pending).visibility).toBe('visible');
    expectApart([...existing, pending]);
    existing.forEach((pin, i) => {
      expect(centerOf(pin).x).toBeCloseTo(before[i]!.x, 1);
      expect(centerOf(pin).y).toBeCloseTo(before[i]!.y, 1);
    });
  });
});
