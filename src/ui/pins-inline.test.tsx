/**
 * Pins on inline elements (issue 14): links, spans, em, strong, code, an inline heading, nested
 * inline markup and a link that wraps across two lines are drawn on their element, and stay drawn
 * while nothing on the page changes (a ResizeObserver reports these boxes as 0×0). A pin whose
 * element has no box is listed as not placed, never silently invisible.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { canonicalUrlOf } from '../anchor';
import type { ThreadResponse } from '../api/wire';
import { createFakeService, makeThread } from './testing/fake-service';
import { centerOf, frames, startWidget, useSignedInPage, type Harness } from './testing/harness';

let harness: Harness | null = null;
useSignedInPage(`
  <div style="height:60px"></div>
  <div id="text" class="column" style="width:420px;margin:0 0 0 80px;font:16px/1.6 sans-serif">
    Read the <a id="link" href="#a">release notes</a> or <span id="span">the short summary</span>; the
    <em id="em">important</em> parts are <strong id="strong">in bold</strong> and the flag is
    <code id="code">--strict</code>. <h3 id="heading" style="display:inline;font-size:1em">An inline heading</h3>
    and <a id="nested" href="#n">a link with <span><em id="deep">nested markup</em></span> inside</a>.
  </div>
  <p class="column" style="width:16em;margin:20px 0 0 80px;font:16px/1.6 sans-serif">
    Short text <a id="wrap" href="#w">wraps from the end of this line onto the next one</a> here.
  </p>
  <div id="hidden" style="display:none">Not displayed</div>
  <div id="collapsed" style="height:0;overflow:hidden;width:200px;margin-left:80px">Collapsed panel</div>
  <p style="margin-left:80px">A <span id="invisible" style="visibility:hidden">hidden word</span> here.</p>
  <div style="height:2000px"></div>`);

afterEach(() => {
  harness?.stop();
  harness = null;
});

function threadOn(number: number, path: string, x = 50, y = 50): ThreadResponse {
  return makeThread(number, {
    canonicalUrl: canonicalUrlOf(document),
    elements: [
      { id: `e${number}`, threadId: `thread-${number}`, path, offsetXPercentage: x, offsetYPercentage: y, createdAt: 0, modifiedAt: 0 },
    ],
  });
}

const pinOf = (number: number) => harness!.root().querySelector<HTMLElement>(`[aria-label="Thread ${number}"][data-thread-id]`);

/** The pin is visible and its centre lies on one of the element's line boxes (not in a gap between them). */
function expectDrawnOn(number: number, element: Element): void {
  const pin = pinOf(number);
  expect(pin, `pin #${number} rendered`).not.toBeNull();
  expect(getComputedStyle(pin!).visibility, `pin #${number} visible`).toBe('visible');
  const { x, y } = centerOf(pin!);
  const on = [...element.getClientRects()].some((r) => x >= r.left - 0.5 && x <= r.right + 0.5 && y >= r.top - 0.5 && y <= r.bottom + 0.5);
  expect(on, `pin #${number} at ${x},${y} on #${element.id}`).toBe(true);
}

/** Offsets of a viewport point in the element's bounding box, the way describePin stores them. */
function offsetsOf(element: Element, x: number, y: number): { x: number; y: number } {
  const box = element.getBoundingClientRect();
  return { x: ((x - box.left) / box.width) * 100, y: ((y - box.top) / box.height) * 100 };
}

const INLINE = ['link', 'span', 'em', 'strong', 'code', 'heading', 'nested', 'deep'] as const;

describe('pins on inline elements', () => {
  it('draws pins on a, span, em, strong, code, an inline heading, nested markup and a wrapped link, and keeps them drawn', async () => {
    const wrap = document.getElementById('wrap')!;
    const lines = wrap.getClientRects();
    expect(lines.length, 'the link wraps across lines').toBeGreaterThanOrEqual(2);
    // It starts in the middle of a line: its bounding box covers text that is not the link.
    expect(lines[0]!.left - wrap.getBoundingClientRect().left).toBeGreaterThan(20);
    // A click on the last line of the wrapped link: its offsets are of the link's whole bounding box.
    const second = lines[lines.length - 1]!;
    const click = { x: second.left + second.width * 0.5, y: second.top + second.height * 0.5 };
    const at = offsetsOf(wrap, click.x, click.y);
    const threads = INLINE.map((id, i) => threadOn(i + 1, `#${id}`, 30, 50));
    threads.push(threadOn(9, '#wrap', at.x, at.y));
    harness = await startWidget(createFakeService({ threads }));
    await vi.waitFor(() => expect(pinOf(1)).not.toBeNull());
    // A ResizeObserver reports inline boxes a frame or two after they are observed: the pins must still be there after.
    await frames(10);
    INLINE.forEach((id, i) => expectDrawnOn(i + 1, document.getElementById(id)!));
    expectDrawnOn(9, wrap);
    const pin = centerOf(pinOf(9)!);
    expect(Math.abs(pin.x - click.x)).toBeLessThan(0.5);
    expect(Math.abs(pin.y - click.y)).toBeLessThan(0.5);
    expect(page.getByRole('button', { name: /could not be placed/ }).query()).toBeNull();

    // The text reflows (a narrower column): every pin is still on its element, the wrapped link's too.
    for (const p of document.querySelectorAll<HTMLElement>('.column')) p.style.width = '260px';
    await frames(4);
    INLINE.forEach((id, i) => expectDrawnOn(i + 1, document.getElementById(id)!));
    expectDrawnOn(9, wrap);
  });

  it('lists pins whose element has no box as not placed, and draws them once the element shows', async () => {
    const threads = [threadOn(1, '#link'), threadOn(2, '#hidden'), threadOn(3, '#collapsed'), threadOn(4, '#invisible')];
    harness = await startWidget(createFakeService({ threads }));
    // Found but without a box (zero height; visibility: hidden): listed at once.
    await expect.element(page.getByRole('button', { name: '2 comments could not be placed on this page' })).toBeVisible();
    await frames(10);
    expectDrawnOn(1, document.getElementById('link')!);
    for (const n of [2, 3, 4])
      expect(pinOf(n) === null || getComputedStyle(pinOf(n)!).visibility === 'hidden', `pin #${n} not drawn`).toBe(true);
    // display: none matches no rendered element: listed once the retry window for late content is over.
    const summary = page.getByRole('button', { name: '3 comments could not be placed on this page' });
    await expect.element(summary, { timeout: 8000 }).toBeVisible();
    await summary.click();
    for (const n of [2, 3, 4]) await expect.element(page.getByRole('button', { name: `Open thread #${n}` })).toBeVisible();
    await page.getByRole('button', { name: 'Open thread #3' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Thread 3' }).getByText(/not shown right now/)).toBeVisible();

    document.getElementById('hidden')!.style.display = 'block';
    document.getElementById('collapsed')!.style.height = 'auto';
    document.getElementById('invisible')!.style.visibility = 'visible';
    await vi.waitFor(() => expect(page.getByRole('button', { name: /could not be placed/ }).query()).toBeNull(), { timeout: 3000 });
    await frames(3);
    expectDrawnOn(2, document.getElementById('hidden')!);
    expectDrawnOn(3, document.getElementById('collapsed')!);
    expectDrawnOn(4, document.getElementById('invisible')!);
  }, 15_000);
});
