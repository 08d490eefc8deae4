/**
 * The comment list in the real widget (issue 14 point 8): its title, the Open / Resolved / All filter
 * with counts (remembered), the search over text, authors and numbers, empty states, keyboard use,
 * and user content shown as text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { canonicalUrlOf } from '../../anchor';
import type { ThreadResponse } from '../../api/wire';
import { createFakeService, makeMessage, makeThread } from '../testing/fake-service';
import { startWidget, useSignedInPage, type Harness } from '../testing/harness';

let harness: Harness | null = null;
useSignedInPage(`
    <div style="height:80px"></div>
    <p id="target" style="margin:0 0 0 100px;width:400px;height:100px;background:#eef">Commented</p>
    <div style="height:2000px"></div>`);

afterEach(() => {
  harness?.stop();
  harness = null;
});

function thread(number: number, text: string, author: string, extra: Partial<ThreadResponse> = {}): ThreadResponse {
  const id = `thread-${number}`;
  return makeThread(number, {
    canonicalUrl: canonicalUrlOf(document),
    elements: [
      { id: 'e', threadId: id, path: '#target', offsetXPercentage: 10 * number, offsetYPercentage: 50, createdAt: 0, modifiedAt: 0 },
    ],
    messages: [makeMessage(id, text, { user: { id: `u-${author}`, name: author, guest: true, createdAt: 0, modifiedAt: 0 } })],
    ...extra,
  });
}

const THREADS = () => [
  thread(1, 'The headline wraps badly on tablets', 'Ada Reviewer'),
  thread(2, 'Price cell shows <b>NaN</b>', 'Bruno Tester'),
  thread(3, 'Buy button is hard to find', 'Chloé Designer'),
  thread(4, 'Footer links overlap', 'Bruno Tester', { resolved: true }),
];

async function openList() {
  await page.getByRole('button', { name: 'Comments (4)' }).click();
  const list = page.getByRole('region', { name: 'Comments on this page' });
  await expect.element(list).toBeVisible();
  return list;
}

/** Focus inside the shadow root (document.activeElement is the host). */
async function expectFocus(locator: { element(): Element }): Promise<void> {
  await expect.poll(() => harness!.root().activeElement).toBe(locator.element());
}

const entries = (harness: Harness) =>
  [...harness.root().querySelectorAll<HTMLElement>('.pm-list-item')].map((item) => item.getAttribute('aria-label')!.split(':')[0]);

describe('comment list', () => {
  it('has a title, filters open / resolved / all with counts, and remembers the filter', async () => {
    harness = await startWidget(createFakeService({ threads: THREADS() }));
    const list = await openList();
    await expect.element(list.getByRole('heading', { name: 'Comments on this page' })).toBeVisible();
    await expect.element(list.getByRole('radio', { name: /^Open/ })).toBeChecked();
    await expect.element(list.getByRole('radio', { name: /^Open/ })).toHaveAccessibleName('Open 3');
    await expect.element(list.getByRole('radio', { name: /^Resolved/ })).toHaveAccessibleName('Resolved 1');
    await expect.element(list.getByRole('radio', { name: /^All/ })).toHaveAccessibleName('All 4');
    expect(entries(harness)).toEqual(['Thread #1', 'Thread #2', 'Thread #3']);

    await list.getByRole('radio', { name: /^Resolved/ }).click();
    expect(entries(harness)).toEqual(['Thread #4']);
    await expect.element(list.getByText('Resolved', { exact: true }).last()).toBeVisible();
    await list.getByRole('radio', { name: /^All/ }).click();
    expect(entries(harness)).toEqual(['Thread #1', 'Thread #2', 'Thread #3', 'Thread #4']);

    // Closed and opened again, and after a restart in the same tab: still "All".
    await page.getByRole('button', { name: 'Comments (4)' }).click();
    await expect.poll(() => list.query()).toBeNull();
    await openList();
    await expect.element(page.getByRole('radio', { name: /^All/ })).toBeChecked();
    expect(sessionStorage.getItem('pinmark:comment-list-filter')).toBe('all');
  });

  it('searches text, authors and numbers at once, says when nothing matches, shows user text as text', async () => {
    harness = await startWidget(createFakeService({ threads: THREADS() }));
    const list = await openList();
    const search = list.getByRole('searchbox', { name: 'Search comments' });
    await expectFocus(search);

    await search.fill('bruno');
    expect(entries(harness)).toEqual(['Thread #2']);
    await expect.element(list.getByRole('radio', { name: /^Resolved/ })).toHaveAccessibleName('Resolved 1');
    await expect.element(list.getByRole('status')).toHaveTextContent('1 comment shown');

    await search.fill('#3');
    expect(entries(harness)).toEqual(['Thread #3']);
    await search.fill('chloe');
    expect(entries(harness)).toEqual(['Thread #3']);
    await search.fill('<b>nan');
    expect(entries(harness)).toEqual(['Thread #2']);
    await expect.element(list.getByText('Price cell shows <b>NaN</b>')).toBeVisible();
    expect(harness.root().querySelector('.pm-thread-list b')).toBeNull();

    await search.fill('zebra');
    await expect.element(list.getByText('Nothing matches “zebra”')).toBeVisible();
    expect(entries(harness)).toEqual([]);

    await search.fill('');
    await list.getByRole('radio', { name: /^Resolved/ }).click();
    await search.fill('headline');
    await expect.element(list.getByText('Nothing matches “headline”')).toBeVisible();
    await search.fill('');
    expect(entries(harness)).toEqual(['Thread #4']);
  });

  it('says "No resolved comments" when there are none', async () => {
    harness = await startWidget(createFakeService({ threads: THREADS().slice(0, 3) }));
    await page.getByRole('button', { name: 'Comments (3)' }).click();
    const list = page.getByRole('region', { name: 'Comments on this page' });
    await list.getByRole('radio', { name: /^Resolved/ }).click();
    await expect.element(list.getByText('No resolved comments')).toBeVisible();
  });

  it('works by keyboard: arrows move through the results, Enter opens, Esc closes back to the chip', async () => {
    harness = await startWidget(createFakeService({ threads: THREADS() }));
    const list = await openList();
    const search = list.getByRole('searchbox', { name: 'Search comments' });
    await expectFocus(search);
    const item = (n: number) => list.getByRole('button', { name: new RegExp(`^Thread #${n}:`) });

    await userEvent.keyboard('{ArrowDown}');
    await expectFocus(item(1));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expectFocus(item(3));
    await userEvent.keyboard('{Home}');
    await expectFocus(item(1));
    await userEvent.keyboard('{End}{ArrowUp}');
    await expectFocus(item(2));
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expectFocus(search);

    await userEvent.keyboard('{Escape}');
    await expect.poll(() => list.query()).toBeNull();
    await expectFocus(page.getByRole('button', { name: 'Comments (4)' }));

    await userEvent.keyboard('{Enter}');
    await expectFocus(search);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect.element(page.getByRole('dialog', { name: 'Thread 2' })).toBeVisible();
    expect(list.query()).toBeNull();
  });
});
