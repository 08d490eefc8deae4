/**
 * Numbers, plurals, sizes and times in the reviewer's locale, all through `Intl`, so no table has to
 * spell out digit grouping, plural rules, units or date orders. The locale is the widget's active one
 * (set by `applyLocale` in `./index.ts` before the UI mounts); formatters are cached because the UI
 * re-renders live times every few seconds. No imports: the string tables use it, so it must not
 * import them back.
 */

let active = 'en';
const cache = new Map<string, unknown>();

/** A cache key for formatter options (not JSON: a host page may have patched `JSON.stringify`). */
const keyOf = (options: object | undefined): string => Object.entries(options ?? {}).join(';');

/** The BCP 47 tag every formatter uses from now on (already canonical). */
export function setIntlLocale(tag: string): void {
  if (tag === active) return;
  active = tag;
  cache.clear();
}

export const intlLocale = (): string => active;

/** One formatter per kind, locale and options; a locale a browser rejects falls back to English. */
function cached<T>(key: string, make: (locale: string) => T): T {
  const id = `${active}|${key}`;
  let value = cache.get(id) as T | undefined;
  if (value === undefined) {
    try {
      value = make(active);
    } catch {
      value = make('en');
    }
    cache.set(id, value);
  }
  return value;
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  if (!Number.isFinite(value)) return '';
  return cached(`n${keyOf(options)}`, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}

/** Plural forms of one message, `#` standing for the formatted count ("# open threads"). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/**
 * The form for `count` under the plural rules of `language`, the language the forms are written
 * in (a table's own, not the active locale: English words need English rules even when a host picks
 * `locale: 'fr'` without French strings). The number itself follows the active locale.
 */
export function plural(language: string, count: number, forms: PluralForms): string {
  let pluralRules = rules.get(language);
  if (!pluralRules) {
    pluralRules = new Intl.PluralRules(language);
    rules.set(language, pluralRules);
  }
  const form = forms[pluralRules.select(count)] ?? forms.other;
  return form.replace(/#/g, formatNumber(count));
}

/** "512 byte", "12 kB", "1.5 MB" (units and their placement from the locale). */
export function formatBytes(bytes: number): string {
  const size = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  const [value, unit, digits] =
    size < 1024 ? [size, 'byte', 0] : size < 1024 * 1024 ? [Math.round(size / 1024), 'kilobyte', 0] : [size / 1024 / 1024, 'megabyte', 1];
  return formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits });
}

/**
 * "5 min. ago", "yesterday", "vor 2 Std." for the last week, then a date; `justNow` under a minute
 * (Intl's "now" reads as a clock, not as a message that just arrived).
 */
export function formatRelative(epochMs: number, now: number, justNow: string): string {
  if (!Number.isFinite(epochMs)) return '';
  const seconds = Math.max(0, Math.round((now - epochMs) / 1000));
  if (seconds < 60) return justNow;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days >= 7) return formatDate(epochMs, { dateStyle: 'medium' });
  const relative = cached('r', (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }));
  return minutes < 60 ? relative.format(-minutes, 'minute') : hours < 24 ? relative.format(-hours, 'hour') : relative.format(-days, 'day');
}

/**
 * The formatters the UI needs first, one step each. The first Intl number formatter of a page loads
 * ICU data (15–25 ms here), which would otherwise land inside whichever click first shows a count
 * (posting the first comment shows the thread list); built while the page is idle, it costs nothing.
 */
export function formatterWarmUps(language: string): (() => unknown)[] {
  const now = Date.now();
  return [
    () => formatNumber(1),
    () => plural(language, 1, { other: '' }),
    () => formatRelative(now - 120_000, now, ''),
    () => formatBytes(2048),
  ];
}

/** A date and/or time in the active locale ("21 Nov 2026, 14:05"). */
export function formatDate(epochMs: number, options: Intl.DateTimeFormatOptions): string {
  if (!Number.isFinite(epochMs)) return '';
  return cached(`d${keyOf(options)}`, (locale) => new Intl.DateTimeFormat(locale, options)).format(epochMs);
}
