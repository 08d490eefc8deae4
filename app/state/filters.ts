/**
 * The inbox filters live in the URL's query (same names as GET /inbox), so a filtered view is a link
 * to share and survives a reload. Dates are days in the URL (`from=2026-05-01`) and epoch ms for the
 * API (`to` is the whole day: the next midnight, exclusive). Unknown or malformed values are dropped.
 */
import { computed } from '@preact/signals';
import type { InboxQuery, InboxStatus, ViewModeCategory } from '../../src/api/wire';
import { hrefFor, navigate, query, route } from '../router/router';

export const FILTER_KEYS = [
  'status',
  'q',
  'markupId',
  'url',
  'authorId',
  'assignee',
  'mentionsMe',
  'unread',
  'hasScreenshot',
  'hasDiagnostics',
  'device',
  'label',
  'from',
  'to',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const STATUSES: InboxStatus[] = ['open', 'resolved', 'all'];
const DEVICES: ViewModeCategory[] = ['desktop', 'tablet', 'mobile'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(day: string): number | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const ms = new Date(y, m - 1, d).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

const flag = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** The API query for the URL's filters (the cursor and limit are the list's business). */
export function inboxQueryOf(params: URLSearchParams): InboxQuery {
  const text = (key: FilterKey) => params.get(key)?.trim() || undefined;
  const status = params.get('status') as InboxStatus | null;
  const device = params.get('device') as ViewModeCategory | null;
  const from = dayStart(params.get('from') ?? '');
  const to = dayStart(params.get('to') ?? '');
  return {
    status: status && STATUSES.includes(status) ? status : 'open',
    q: text('q'),
    markupId: text('markupId'),
    url: text('url'),
    authorId: text('authorId'),
    assignee: text('assignee'),
    mentionsMe: params.get('mentionsMe') === 'true' || undefined,
    unread: params.get('unread') === 'true' || undefined,
    hasScreenshot: flag(params.get('hasScreenshot')),
    hasDiagnostics: flag(params.get('hasDiagnostics')),
    device: device && DEVICES.includes(device) ? device : undefined,
    label: text('label'),
    from,
    to: to === undefined ? undefined : to + 24 * 3600 * 1000,
  };
}

export const inboxQuery = computed(() => inboxQueryOf(query.value));

/** A stable text for the filters, to tell when the list must load again. */
export const filterKey = computed(() => JSON.stringify(inboxQuery.value));

/** Sets (or with '' / undefined, removes) filters in the URL; a text field replaces its history entry. */
export function setFilters(changes: Partial<Record<FilterKey, string | undefined>>, { replace = false } = {}): void {
  const params = new URLSearchParams(query.value);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (key === 'status' && value === 'open')) params.delete(key);
    else params.set(key, value);
  }
  navigate(hrefFor(route.value.threadId, params), { replace });
}

export function clearFilters(): void {
  navigate(hrefFor(route.value.threadId, new URLSearchParams()));
}

export const activeFilterCount = computed(
  () => FILTER_KEYS.filter((key) => key !== 'status' && key !== 'q' && query.value.get(key)).length,
);
