/**
 * The composer's Record action is offered only where a tab recording can work: Chromium on a
 * desktop has it; without getDisplayMedia, without MediaRecorder, or on a touch-only device (phones
 * have no getDisplayMedia, and a tablet's finger has no use for it) it is absent, not broken.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { startWidget, useSignedInPage, type Harness } from '../testing/harness';

useSignedInPage('<h1 id="headline" style="margin: 40px">Headline to comment on</h1>');

let harness: Harness | null = null;
const undo: (() => void)[] = [];
afterEach(() => {
  harness?.stop();
  harness = null;
  while (undo.length) undo.pop()!();
});

/** Replaces a property of an object for one test (put back afterwards). */
function replace<T extends object>(target: T, key: string, value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  undo.push(() => {
    if (own) Object.defineProperty(target, key, own);
    else delete (target as Record<string, unknown>)[key];
  });
}

async function openComposer() {
  harness = await startWidget();
  await page.getByRole('button', { name: 'Add comment' }).click();
  await page.elementLocator(document.getElementById('headline')!).click();
  const composer = page.getByRole('dialog', { name: 'New comment' });
  await expect.element(composer).toBeVisible();
  await expect.element(composer.getByRole('button', { name: 'Attach files' })).toBeVisible();
  return composer;
}

describe('the Record action', () => {
  it('is offered where the browser can record the tab', async () => {
    const composer = await openComposer();
    await expect.element(composer.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  });

  it('is absent without getDisplayMedia', async () => {
    const media = navigator.mediaDevices;
    replace(navigator, 'mediaDevices', { enumerateDevices: media?.enumerateDevices.bind(media) });
    const composer = await openComposer();
    expect(composer.getByRole('button', { name: 'Record', exact: true }).query()).toBeNull();
  });

  it('is absent without MediaRecorder', async () => {
    replace(window, 'MediaRecorder', undefined);
    const composer = await openComposer();
    expect(composer.getByRole('button', { name: 'Record', exact: true }).query()).toBeNull();
  });

  it('is absent on a touch-only device', async () => {
    const real = window.matchMedia.bind(window);
    replace(window, 'matchMedia', (query: string) =>
      query === '(hover: none) and (pointer: coarse)'
        ? { ...real(query), matches: true, media: query, addEventListener() {}, removeEventListener() {} }
        : real(query),
    );
    const composer = await openComposer();
    expect(composer.getByRole('button', { name: 'Record', exact: true }).query()).toBeNull();
  });
});
