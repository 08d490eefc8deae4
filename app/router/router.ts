/**
 * A small router over the History API: the location as signals, `navigate` (push or replace), and a
 * table of routes matched by path. The query string carries the inbox filters, so a view is shared
 * by its URL and survives a reload. New views (workspace, folders, export, metrics) add a row to
 * ROUTES and a view to views/App.tsx; nothing else changes.
 */
import { computed, signal } from '@preact/signals';

export const BASE = '/app';

export type Route =
  | { name: 'inbox'; threadId: null }
  | { name: 'thread'; threadId: string }
  /** The folder tree; `folderId` null is the workspace's root folder. */
  | { name: 'workspace'; threadId: null; folderId: string | null }
  | { name: 'markup'; threadId: null; markupId: string }
  | { name: 'metrics'; threadId: null }
  /** The member's e-mail settings and, in the demo, the kept mails (issue 18). */
  | { name: 'mail'; threadId: null }
  /** The workspace's Slack, GitHub, Linear and Jira connections (issue 18). */
  | { name: 'integrations'; threadId: null }
  /** A path the app does not know: shown as a message with a way back, never a blank page. */
  | { name: 'unknown'; threadId: null };

const ROUTES: { pattern: RegExp; make: (match: RegExpExecArray) => Route }[] = [
  { pattern: /^\/?$/, make: () => ({ name: 'inbox', threadId: null }) },
  { pattern: /^\/inbox\/?$/, make: () => ({ name: 'inbox', threadId: null }) },
  { pattern: /^\/inbox\/([^/]+)\/?$/, make: (m) => ({ name: 'thread', threadId: decodeURIComponent(m[1]!) }) },
  { pattern: /^\/workspace\/?$/, make: () => ({ name: 'workspace', threadId: null, folderId: null }) },
  {
    pattern: /^\/workspace\/folders\/([^/]+)\/?$/,
    make: (m) => ({ name: 'workspace', threadId: null, folderId: decodeURIComponent(m[1]!) }),
  },
  { pattern: /^\/markups\/([^/]+)\/?$/, make: (m) => ({ name: 'markup', threadId: null, markupId: decodeURIComponent(m[1]!) }) },
  { pattern: /^\/metrics\/?$/, make: () => ({ name: 'metrics', threadId: null }) },
  { pattern: /^\/mail\/?$/, make: () => ({ name: 'mail', threadId: null }) },
  { pattern: /^\/integrations\/?$/, make: () => ({ name: 'integrations', threadId: null }) },
];

export const path = signal(location.pathname);
export const search = signal(location.search);

export const route = computed<Route>(() => {
  const inner = path.value.startsWith(BASE) ? path.value.slice(BASE.length) : path.value;
  for (const { pattern, make } of ROUTES) {
    const match = pattern.exec(inner);
    if (match) {
      try {
        return make(match);
      } catch {
        break; // A malformed escape in the id.
      }
    }
  }
  return { name: 'unknown', threadId: null };
});

export const query = computed(() => new URLSearchParams(search.value));

/** The address of the inbox (or a thread in it) with a query. */
export function hrefFor(threadId: string | null, params: URLSearchParams = query.value): string {
  const text = params.toString();
  return `${BASE}/inbox${threadId ? `/${encodeURIComponent(threadId)}` : ''}${text ? `?${text}` : ''}`;
}

/** The address of a folder (null: the root), a markup's page, or the metrics. */
export const folderHref = (folderId: string | null) => `${BASE}/workspace${folderId ? `/folders/${encodeURIComponent(folderId)}` : ''}`;
export const markupHref = (markupId: string) => `${BASE}/markups/${encodeURIComponent(markupId)}`;
export const metricsHref = (params = '') => `${BASE}/metrics${params ? `?${params}` : ''}`;
export const mailHref = () => `${BASE}/mail`;
export const integrationsHref = () => `${BASE}/integrations`;

export function navigate(href: string, { replace = false } = {}): void {
  const url = new URL(href, location.origin);
  if (url.pathname + url.search === location.pathname + location.search) return;
  if (replace) history.replaceState(null, '', url.pathname + url.search);
  else history.pushState(null, '', url.pathname + url.search);
  path.value = url.pathname;
  search.value = url.search;
}

/** Follows the browser's back and forward buttons; returns the stop function. */
export function startRouter(): () => void {
  const onPop = () => {
    path.value = location.pathname;
    search.value = location.search;
  };
  window.addEventListener('popstate', onPop);
  return () => window.removeEventListener('popstate', onPop);
}

/** A plain left click on an app link: handled here instead of a page load. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}
