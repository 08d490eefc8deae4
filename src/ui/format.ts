/** Short relative times for message headers ("5 min ago"), falling back to a date. */
import { strings } from './strings';

export function relativeTime(epochMs: number, now = Date.now()): string {
  if (!Number.isFinite(epochMs)) return '';
  const seconds = Math.max(0, Math.round((now - epochMs) / 1000));
  if (seconds < 60) return strings.time.justNow;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return strings.time.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return strings.time.hours(hours);
  const days = Math.floor(hours / 24);
  if (days < 7) return strings.time.days(days);
  return new Date(epochMs).toLocaleDateString();
}

export function isoTime(epochMs: number): string | undefined {
  return Number.isFinite(epochMs) ? new Date(epochMs).toISOString() : undefined;
}

/** The full local date and time, for hovering a relative time ("21 Nov 2026, 14:05"). */
export function exactTime(epochMs: number): string {
  if (!Number.isFinite(epochMs)) return '';
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
  } catch {
    return new Date(epochMs).toLocaleString();
  }
}
