/**
 * "Open on page" (issue 16): a page address with `#pinmark-thread=<id>` opens that thread with its
 * pin scrolled into view once the thread has loaded; a signed-out visitor gets the sign-in panel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { canonicalUrlOf } from '../anchor';
import { linkedThreadId, threadLink } from './deep-link';
import { createFakeService, makeThread } from './testing/fake-service';
import { startWidget, useSignedInPage, type Harness } from './testing/harness';

const ID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';
let harness: Harness | null = null;
useSignedInPage(
  `<div style="height:2400px"></div><p id="far" style="margin:0 0 0 80px">A paragraph far down the page</p><div style="height:600px"></div>`,
);

afterEach(() => {
  harness?.stop();
  harness = null;
  history.replaceState(null, '', location.pathname + location.search);
});

describe('linkedThreadId / threadLink', () => {
  it('reads the id from the fragment or the query, only when it is an id', () => {
    expect(linkedThreadId({ hash: `#pinmark-thread=${ID}`, search: '' })).toBe(ID);
    expect(linkedThreadId({ hash: '', search: `?a=1&pinmark-thread=${ID.toUpperCase()}` })).toBe(ID);
    expect(linkedThreadId({ hash: '#pinmark-thread=<img src=x>', search: '' })).toBeNull();
    expect(linkedThreadId({ hash: '#section-2', search: '' })).toBeNull();
    expect(threadLink('https://shop.example/p/1?x=2#old', ID)).toBe(`https://shop.example/p/1?x=2#pinmark-thread=${ID}`);
  });
});

describe('a page opened from the review app', () => {
  it('scrolls the linked pin into view and opens its thread', async () => {
    history.replaceState(null, '', `${location.pathname}${location.search}#pinmark-thread=${ID}`);
    const thread = makeThread(7, {
      id: ID,
      canonicalUrl: canonicalUrlOf(document),
      elements: [{ id: 'e7', threadId: ID, path: '#far', offsetXPercentage: 10, offsetYPercentage: 50, createdAt: 0, modifiedAt: 0 }],
    });
    harness = await startWidget(createFakeService({ threads: [makeThread(1), thread] }));
    await expect.element(page.getByRole('dialog', { name: 'Thread 7' })).toBeVisible();
    const far = document.getElementById('far')!.getBoundingClientRect();
    expect(far.top).toBeGreaterThanOrEqual(0);
    expect(far.bottom).toBeLessThanOrEqual(window.innerHeight);
  });

  it('offers sign-in to a signed-out visitor', async () => {
    sessionStorage.clear();
    history.replaceState(null, '', `${location.pathname}${location.search}#pinmark-thread=${ID}`);
    harness = await startWidget(createFakeService({ threads: [] }));
    await expect.element(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  });
});
