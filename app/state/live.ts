/**
 * Live updates: while the tab is visible, the first page of the inbox (the current filters) and the
 * open thread are read again every 10 s — the widget's interval (src/state/services/live-refresh.ts)
 * — and folded in without moving the list, changing the selection or touching a draft (drafts live
 * apart, drafts.ts). Hidden tabs do not poll; showing the tab polls at once. Failures back off
 * (doubling, at most 5 min) and stay quiet: the next good poll catches up. One poll at a time.
 */
import { batch, signal } from '@preact/signals';
import { route } from '../router/router';
import { inboxQuery } from './filters';
import { items, listStatus, selected, total } from './inbox';
import { mergeFirstPage } from './live-merge';
import { api, expired, session } from './session';
import { openThread } from './thread';

export const LIVE_INTERVAL_MS = 10_000;
const MAX_BACKOFF_MS = 5 * 60_000;
const PAGE = 50;

/** What the last poll brought, for the polite status line ("2 new threads"). */
export const liveNews = signal({ threads: 0, replies: 0 });

let failures = 0;
let running = false;

async function pollInbox(): Promise<void> {
  if (listStatus.peek() !== 'ready') return;
  const query = inboxQuery.peek();
  const page = await api.inbox({ ...query, limit: PAGE });
  // The filters changed or the list reloaded meanwhile: this answer is about another list.
  if (JSON.stringify(inboxQuery.peek()) !== JSON.stringify(query) || listStatus.peek() !== 'ready') return;
  const merged = mergeFirstPage(items.peek(), page.threads, selected.peek());
  if (!merged.added && !merged.updated && page.total === total.peek()) return;
  batch(() => {
    items.value = merged.items;
    selected.value = merged.selected;
    total.value = page.total;
    if (merged.added) liveNews.value = { threads: merged.added, replies: 0 };
  });
}

async function pollThread(): Promise<void> {
  const state = openThread.peek();
  if (state.status !== 'ready') return;
  const fresh = await api.getThread(state.id);
  const now = openThread.peek();
  if (now.status !== 'ready' || now.id !== state.id) return;
  const known = new Set(now.thread.messages.map((m) => m.id));
  const added = fresh.messages.filter((m) => !known.has(m.id)).length;
  const changed = added || fresh.resolved !== now.thread.resolved || fresh.messages.length !== now.thread.messages.length;
  if (!changed) return;
  openThread.value = { ...now, thread: { ...now.thread, ...fresh } };
  if (added) {
    liveNews.value = { threads: 0, replies: added };
    api.seen(state.id).catch(() => undefined);
  }
}

export async function pollOnce(): Promise<void> {
  if (running || !session.peek() || expired.peek() || document.visibilityState !== 'visible') return;
  const name = route.peek().name;
  if (name !== 'inbox' && name !== 'thread') return;
  running = true;
  try {
    await Promise.all([pollInbox(), pollThread()]);
    failures = 0;
  } catch {
    failures++;
  } finally {
    running = false;
  }
}

/** Starts polling; returns the stop function. */
export function startLive(): () => void {
  let timer = 0;
  const schedule = () => {
    window.clearTimeout(timer);
    const wait = failures ? Math.min(MAX_BACKOFF_MS, LIVE_INTERVAL_MS * 2 ** failures) : LIVE_INTERVAL_MS;
    timer = window.setTimeout(() => void pollOnce().finally(schedule), wait);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void pollOnce().finally(schedule);
  };
  document.addEventListener('visibilitychange', onVisible);
  schedule();
  return () => {
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
