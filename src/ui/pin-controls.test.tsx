import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { canonicalUrlOf } from '../anchor';
import type { MovePinRequest, ThreadResponse } from '../api/wire';
import { createFakeService, makeThread } from './testing/fake-service';
import { centerOf, frames, startWidget, useSignedInPage, type Harness } from './testing/harness';

let harness: Harness | null = null;
useSignedInPage(`
    <div style="height:100px"></div>
    <p id="first" style="margin:0 0 0 100px;width:400px;height:80px;background:#eef">First</p>
    <p id="second" style="margin:60px 0 0 300px;width:300px;height:60px;background:#efe">Second</p>
    <div style="height:2000px"></div>`);

afterEach(() => {
  harness?.stop();
  harness = null;
});

function thread(number: number, path: string, extra: Partial<ThreadResponse> = {}): ThreadResponse {
  return makeThread(number, {
    canonicalUrl: canonicalUrlOf(document),
    elements: [{ id: 'e', threadId: `thread-${number}`, path, offsetXPercentage: 50, offsetYPercentage: 50, createdAt: 0, modifiedAt: 0 }],
    ...extra,
  });
}

const pin = (number: number) => page.getByRole('button', { name: `Thread ${number}`, exact: true });
const pinElement = (number: number) => harness!.root().querySelector<HTMLElement>(`[aria-label="Thread ${number}"][data-thread-id]`)!;

function pointer(type: string, target: Element, x: number, y: number) {
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      composed: true,
      cancelable: true,
      pointerId: 7,
      isPrimary: true,
      button: 0,
      clientX: x,
      clientY: y,
    }),
  );
}

describe('device classes', () => {
  it('shows only pins of the current device class until "show all", and switches live at a breakpoint', async () => {
    const service = createFakeService({
      threads: [thread(1, '#first', { viewModeId: 'desktop' }), thread(2, '#second', { viewModeId: 'mobile' })],
    });
    harness = await startWidget(service);
    await expect.element(pin(1)).toBeVisible();
    expect(pin(2).query()).toBeNull();
    const toggle = page.getByRole('button', { name: 'Show pins from all devices (1)' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect.element(pin(2)).toBeVisible();
    expect(pinElement(2).className).toContain('pm-pin--elsewhere');
    await toggle.click();
    await vi.waitFor(() => expect(pin(2).query()).toBeNull());

    // Narrow the viewport: now the mobile thread is this device class's, the desktop one is elsewhere.
    await page.viewport(600, 800);
    await expect.element(pin(2)).toBeVisible();
    await vi.waitFor(() => expect(pin(1).query()).toBeNull());
    await expect.element(page.getByRole('button', { name: 'Show pins from all devices (1)' })).toBeVisible();
  });
});

describe('orphans', () => {
  it('lists threads whose element is not on the page, each openable', async () => {
    harness = await startWidget(createFakeService({ threads: [thread(1, '#first'), thread(2, '#gone-for-good')] }));
    await expect.element(pin(1)).toBeVisible();
    const summary = page.getByRole('button', { name: '1 comment could not be placed on this page' });
    await expect.element(summary, { timeout: 8000 }).toBeVisible();
    expect(pin(2).query()).toBeNull();
    await summary.click();
    await page.getByRole('button', { name: 'Open thread #2' }).click();
    const panel = page.getByRole('dialog', { name: 'Thread 2' });
    await expect.element(panel).toBeVisible();
    await expect.element(panel.getByText(/was not found on this page/)).toBeVisible();

    // Move pin gives it a new place: it starts mid-screen, arrows move it, Enter saves it there.
    await panel.getByRole('button', { name: 'Move pin' }).click();
    await expect.element(pin(2)).toBeVisible();
    await vi.waitFor(() => expect(harness!.root().activeElement).toBe(pinElement(2)));
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(harness!.service.requests.some((r) => r.method === 'PATCH' && r.path === '/threads/thread-2/move-pin')).toBe(true),
    );
    await vi.waitFor(() => expect(page.getByRole('button', { name: /could not be placed/ }).query()).toBeNull());
    await expect.element(pin(2)).toBeVisible();
  }, 15_000);
});

describe('moving a pin', () => {
  it('drags a pin onto another element, saves it optimistically and emits threadMoved', async () => {
    harness = await startWidget(createFakeService({ threads: [thread(1, '#first')] }));
    const moved = vi.fn();
    harness.pinmark.on('threadMoved', moved);
    await expect.element(pin(1)).toBeVisible();
    const element = pinElement(1);
    const start = centerOf(element);
    const goal = (() => {
      const r = document.getElementById('second')!.getBoundingClientRect();
      return { x: r.left + r.width * 0.25, y: r.top + r.height * 0.5 };
    })();
    pointer('pointerdown', element, start.x, start.y);
    pointer('pointermove', element, start.x + 2, start.y + 1); // below the threshold: still a click
    await frames();
    expect(Math.abs(centerOf(element).x - start.x)).toBeLessThan(0.5);
    pointer('pointermove', element, (start.x + goal.x) / 2, (start.y + goal.y) / 2);
    pointer('pointermove', element, goal.x, goal.y);
    await frames();
    expect(element.hasAttribute('data-dragging')).toBe(true);
    expect(Math.abs(centerOf(element).x - goal.x)).toBeLessThan(1);
    pointer('pointerup', element, goal.x, goal.y);
    element.click(); // the click that ends a drag must not open the thread
    expect(page.getByRole('dialog', { name: 'Thread 1' }).query()).toBeNull();

    await vi.waitFor(() => expect(moved).toHaveBeenCalledTimes(1));
    const request = harness.service.requests.find((r) => r.method === 'PATCH')!;
    expect(request.path).toBe('/threads/thread-1/move-pin');
    const body = request.body as MovePinRequest;
    expect(document.querySelector(body.elements[0]!.elementPath)).toBe(document.getElementById('second'));
    expect(body.elements[0]!.offsetXPercentage).toBeCloseTo(25, 0);
    await frames(3);
    const now = centerOf(pinElement(1));
    expect(Math.abs(now.x - goal.x)).toBeLessThan(1);
    expect(Math.abs(now.y - goal.y)).toBeLessThan(1);
    expect(moved.mock.calls[0]![0].thread.elements[0].path).toBe(body.elements[0]!.elementPath);
  });

  it('a short press still opens the thread', async () => {
    harness = await startWidget(createFakeService({ threads: [thread(1, '#first')] }));
    await pin(1).click();
    await expect.element(page.getByRole('dialog', { name: 'Thread 1' })).toBeVisible();
  });

  it('moves a pin with the keyboard from the thread panel; Esc cancels, Enter saves', async () => {
    harness = await startWidget(createFakeService({ threads: [thread(1, '#first')] }));
    await pin(1).click();
    await page.getByRole('dialog', { name: 'Thread 1' }).getByRole('button', { name: 'Move pin' }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent(/Moving thread #1/);
    const element = pinElement(1);
    await vi.waitFor(() => expect(harness!.root().activeElement).toBe(element));
    const start = centerOf(element);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    await frames();
    expect(centerOf(element).x - start.x).toBeCloseTo(20, 0);
    expect(centerOf(element).y - start.y).toBeCloseTo(10, 0);
    await userEvent.keyboard('{Escape}');
    await frames();
    expect(centerOf(element).x).toBeCloseTo(start.x, 0);
    expect(harness.service.requests.some((r) => r.method === 'PATCH')).toBe(false);

    // Alt+arrow on the focused pin starts moving right away; Shift moves by 1 px.
    element.focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}{Shift>}{ArrowLeft}{/Shift}');
    await frames();
    expect(centerOf(element).y - start.y).toBeCloseTo(10, 0);
    expect(centerOf(element).x - start.x).toBeCloseTo(-1, 0);
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(harness!.service.requests.some((r) => r.method === 'PATCH')).toBe(true));
    await vi.waitFor(() => expect(page.getByRole('status').query()).toBeNull());
    await frames(3);
    expect(Math.abs(centerOf(element).y - (start.y + 10))).toBeLessThan(1);
    expect(page.getByRole('dialog', { name: 'Thread 1' }).query()).toBeNull();
  });

  it('puts the pin back and explains when the server refuses the move', async () => {
    harness = await startWidget(createFakeService({ threads: [thread(1, '#first')] }));
    harness.service.failNext('PATCH', '/threads/thread-1/move-pin', 403, 'forbidden', 'Only the author may move it');
    await expect.element(pin(1)).toBeVisible();
    const element = pinElement(1);
    const start = centerOf(element);
    pointer('pointerdown', element, start.x, start.y);
    pointer('pointermove', element, start.x + 150, start.y + 90);
    pointer('pointerup', element, start.x + 150, start.y + 90);
    await expect.element(page.getByRole('alert')).toHaveTextContent(/could not be moved.*Not allowed: Only the author may move it/);
    await frames(3);
    expect(Math.abs(centerOf(element).x - start.x)).toBeLessThan(0.5);
    expect(Math.abs(centerOf(element).y - start.y)).toBeLessThan(0.5);
  });

  it('offers no moving where the scopes do not allow it', async () => {
    harness = await startWidget(createFakeService({ threads: [thread(1, '#first', { scopes: ['reply'] })] }));
    await pin(1).click();
    const panel = page.getByRole('dialog', { name: 'Thread 1' });
    await expect.element(panel).toBeVisible();
    expect(panel.getByRole('button', { name: 'Move pin' }).query()).toBeNull();
    await panel.getByRole('button', { name: 'Close' }).click();
    const element = pinElement(1);
    const start = centerOf(element);
    pointer('pointerdown', element, start.x, start.y);
    pointer('pointermove', element, start.x + 100, start.y);
    await frames();
    expect(Math.abs(centerOf(element).x - start.x)).toBeLessThan(0.5);
    pointer('pointerup', element, start.x + 100, start.y);
  });
});

describe('routes', () => {
  it('shows the threads of the new URL after pushState and the old ones again after going back', async () => {
    const here = location.href;
    const other = new URL('?view=other', here).href;
    const service = createFakeService({
      threads: [thread(1, '#first'), thread(2, '#second', { canonicalUrl: other, originalUrl: other })],
    });
    harness = await startWidget(service);
    await expect.element(pin(1)).toBeVisible();
    expect(pin(2).query()).toBeNull();
    try {
      history.pushState(null, '', other);
      await expect.element(pin(2)).toBeVisible();
      await vi.waitFor(() => expect(pin(1).query()).toBeNull());
      history.back();
      await expect.element(pin(1)).toBeVisible();
      await vi.waitFor(() => expect(pin(2).query()).toBeNull());
    } finally {
      history.replaceState(null, '', here);
    }
  });
});
