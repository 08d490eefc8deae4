/**
 * Times for message headers and the thread list, in the widget's locale: a short relative time
 * ("5 min. ago", "vor 2 Std.", a date after a week) with the exact local date and time on hover.
 * The Intl work is in `i18n/intl.ts`; this adds the active table's words.
 */
import { formatDate, formatRelative } from './i18n/intl';
import { strings } from './strings';

export function relativeTime(epochMs: number, now = Date.now()): string {
  return formatRelative(epochMs, now, strings.time.justNow);
}

export function isoTime(epochMs: number): string | undefined {
  return Number.isFinite(epochMs) ? new Date(epochMs).toISOString() : undefined;
}

/** The full local date and time, for hovering a relative time ("21 Nov 2026, 14:05"). */
export function exactTime(epochMs: number): string {
  return formatDate(epochMs, { dateStyle: 'medium', timeStyle: 'short' });
}
