/**
 * The metrics view's state: the date range (in the URL, `?days=30` or `?from=…&to=…`, so a view is
 * a link), the four figures the API gives for it (per person, per site, and the two workspace
 * totals), loaded together; a change of range aborts the load still under way. Days are UTC, as the
 * API counts them; a date-only end covers its whole day.
 */
import { signal } from '@preact/signals';
import type { ProjectMetricsPage, ProjectWorkspaceTotals, UserMetricsPage, UserWorkspaceTotals } from '../../src/api/wire';
import type { MetricsRange } from '../api/manage-api';
import { api } from './session';

export const PRESETS = [7, 30, 90] as const;
export const MAX_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface MetricsData {
  users: UserMetricsPage;
  projects: ProjectMetricsPage;
  userTotals: UserWorkspaceTotals;
  projectTotals: ProjectWorkspaceTotals;
}

export type MetricsState =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; range: MetricsRange; data: MetricsData };

export const metricsState = signal<MetricsState>({ status: 'loading' });

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range a URL query names: `days` (a preset, default 30), or `from`/`to` days. Null if invalid. */
export function rangeOf(params: URLSearchParams, now = Date.now()): MetricsRange | null {
  const from = params.get('from');
  const to = params.get('to');
  if (from || to) {
    if (!from || !to || !DAY.test(from) || !DAY.test(to)) return null;
    const start = Date.parse(`${from}T00:00:00Z`);
    const end = Date.parse(`${to}T00:00:00Z`);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || (end - start) / DAY_MS + 1 > MAX_DAYS) return null;
    return { startDate: from, endDate: to };
  }
  const days = Number(params.get('days') ?? 30);
  const n = (PRESETS as readonly number[]).includes(days) ? days : 30;
  return { startDate: isoDay(now - (n - 1) * DAY_MS), endDate: isoDay(now) };
}

let controller: AbortController | null = null;

export async function loadMetrics(range: MetricsRange | null): Promise<void> {
  controller?.abort();
  if (!range) {
    metricsState.value = { status: 'invalid' };
    return;
  }
  const abort = (controller = new AbortController());
  if (metricsState.peek().status !== 'ready') metricsState.value = { status: 'loading' };
  try {
    const [users, projects, userTotals, projectTotals] = await Promise.all([
      api.userMetrics(range, abort.signal),
      api.projectMetrics(range, abort.signal),
      api.userTotals(range, abort.signal),
      api.projectTotals(range, abort.signal),
    ]);
    if (abort.signal.aborted) return;
    metricsState.value = { status: 'ready', range, data: { users, projects, userTotals, projectTotals } };
  } catch (error) {
    if (!abort.signal.aborted) metricsState.value = { status: 'error', error };
  }
}
