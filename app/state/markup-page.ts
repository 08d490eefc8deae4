/**
 * A markup's page: the markup (as an item, so an unknown id or a folder's is "missing"), and for a
 * webpage markup the workspace's installations for its `<script>` tag and allowed origins, and its
 * pages — the distinct page URLs of its threads, with counts. Allowing an origin updates the list in place;
 * a refusal (422 for a bad origin, 403 for a member who may not) is kept to show.
 */
import { signal } from '@preact/signals';
import type { InstallationSummary, MarkupResponse } from '../../src/api/wire';
import { isGone } from './errors';
import { takeItem } from './item-prefetch';
import { api } from './session';

export interface PageCount {
  url: string;
  count: number;
}

export type MarkupPageState =
  | { status: 'loading'; id: string }
  | { status: 'missing'; id: string }
  | { status: 'error'; id: string; error: unknown }
  | { status: 'ready'; id: string; markup: MarkupResponse; installations: InstallationSummary[] | null; pages: PageCount[] | null };

export const markupPage = signal<MarkupPageState>({ status: 'loading', id: '' });
export const originError = signal<unknown>(null);
export const originBusy = signal(false);

let generation = 0;

/** Distinct page URLs, most threads first. */
export function pagesOf(urls: string[]): PageCount[] {
  const counts = new Map<string, number>();
  for (const url of urls) if (url) counts.set(url, (counts.get(url) ?? 0) + 1);
  return [...counts].map(([url, count]) => ({ url, count })).sort((a, b) => b.count - a.count || a.url.localeCompare(b.url));
}

export async function loadMarkupPage(id: string): Promise<void> {
  const run = ++generation;
  originError.value = null;
  if (markupPage.peek().id !== id) markupPage.value = { status: 'loading', id };
  try {
    const item = await takeItem(id);
    if (run !== generation) return;
    if (item.itemType !== 'markup') {
      markupPage.value = { status: 'missing', id };
      return;
    }
    // A file markup's page is its review (file-review/): it needs neither the installations nor the
    // page list, and the server answers its first image sooner without those requests ahead of it.
    if (item.type !== 'webpage') {
      markupPage.value = { status: 'ready', id, markup: item, installations: null, pages: null };
      return;
    }
    const [installations, threads] = await Promise.all([
      api.installations().catch(() => null),
      api.inbox({ markupId: id, status: 'all', limit: 100 }).catch(() => null),
    ]);
    if (run !== generation) return;
    const pages = threads ? pagesOf(threads.threads.map((row) => row.canonicalUrl)) : null;
    markupPage.value = { status: 'ready', id, markup: item, installations, pages };
  } catch (error) {
    if (run !== generation) return;
    markupPage.value = isGone(error) ? { status: 'missing', id } : { status: 'error', id, error };
  }
}

/** Allows an origin on an installation; true when the server took it. */
export async function allowOrigin(installationId: string, origin: string): Promise<boolean> {
  originBusy.value = true;
  originError.value = null;
  try {
    const updated = await api.allowOrigin(installationId, origin.trim());
    const state = markupPage.peek();
    if (state.status === 'ready' && state.installations)
      markupPage.value = { ...state, installations: state.installations.map((i) => (i.id === updated.id ? { ...i, ...updated } : i)) };
    return true;
  } catch (error) {
    originError.value = error;
    return false;
  } finally {
    originBusy.value = false;
  }
}

/** The `<script>` tag a site pastes: the widget from this server, for this installation and markup. */
export function snippetOf(serverOrigin: string, publicKey: string, markupId: string): string {
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<script async src="${attr(serverOrigin)}/widget/pinmark.js" data-public-key="${attr(publicKey)}" data-markup-id="${attr(markupId)}" data-api-base="${attr(serverOrigin)}"></script>`;
}

export function originOf(url: string | undefined): string | null {
  try {
    const parsed = new URL(url ?? '');
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}
