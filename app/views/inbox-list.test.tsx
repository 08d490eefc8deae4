/**
 * The inbox list in real Chromium: with 10 000 threads only a window of rows exists in the DOM (what
 * keeps the first screen fast), and j/k keep the selected row focused and in view. Also the URL ↔
 * filter mapping (dates as whole days, unknown values dropped).
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxThread } from '../../src/api/wire';
import { inboxQueryOf } from '../state/filters';
import { items, listStatus, selected } from '../state/inbox';
import { focusList } from '../state/ui';
import { InboxList } from './InboxList';
import '../styles/app.css';

function thread(i: number): InboxThread {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    number: i + 1,
    markupId: 'm',
    markupName: 'Shop',
    resolved: false,
    createdAt: 0,
    lastActivityAt: Date.now() - i * 60_000,
    author: { id: 'u', name: 'Ana' },
    assignee: null,
    priority: null,
    labels: [],
    canonicalUrl: `https://shop.example/p/${i}`,
    viewModeId: 'desktop',
    title: `Thread ${i} title`,
    messageCount: 1,
    lastMessage: null,
    hasScreenshot: i % 2 === 0,
    hasDiagnostics: false,
    unread: i % 3 === 0,
    userMetaData: { lastSeenAt: null },
  };
}

let host: HTMLElement | null = null;
afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

function mount(): HTMLElement {
  host = document.createElement('div');
  host.style.height = '640px';
  host.style.display = 'flex';
  host.style.flexDirection = 'column';
  document.body.append(host);
  render(<InboxList />, host);
  return host;
}

describe('InboxList', () => {
  it('renders a window of rows out of 10 000, and j/k keep the selection focused', async () => {
    items.value = Array.from({ length: 10_000 }, (_, i) => thread(i));
    listStatus.value = 'ready';
    selected.value = 0;
    const root = mount();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const links = root.querySelectorAll('a.row');
    expect(links.length).toBeGreaterThan(5);
    expect(links.length).toBeLessThan(60);
    expect(root.querySelector('ul')!.getAttribute('aria-label')).toBe('Threads');

    selected.value = 500;
    focusList.value++;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const focused = document.activeElement as HTMLElement;
    expect(focused.id).toBe(`row-${thread(500).id}`);
    expect(focused.getAttribute('tabindex')).toBe('0');
    expect(root.querySelectorAll('a.row[tabindex="0"]')).toHaveLength(1);
  });
});

describe('filters in the URL', () => {
  it('maps the query to the API and drops what it does not know', () => {
    const query = inboxQueryOf(new URLSearchParams('status=bogus&device=fridge&q=%20check%20&from=2026-05-01&to=2026-05-01&unread=true'));
    expect(query.status).toBe('open');
    expect(query.device).toBeUndefined();
    expect(query.q).toBe('check');
    expect(query.unread).toBe(true);
    expect(query.to! - query.from!).toBe(24 * 3600 * 1000);
  });
});
