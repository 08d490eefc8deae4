/**
 * The widget's languages: the active table (`strings`, English until `init` says otherwise), the
 * `locale` and `strings` options applied to it, and the reset on `destroy`. One widget per page, so
 * one active table per page: each `init` starts again from English, then the locale's table (German
 * is a lazy chunk, downloaded before the UI mounts), then the host's overrides. A later `init` or a
 * `destroy` wins over a German download still under way.
 */
import { lazyModule } from '../../util/lazy-module';
import { active } from './active';
import { en, type Strings } from './en';
import { formatterWarmUps as intlWarmUps, setIntlLocale } from './intl';
import { resolveLocale, type ResolvedLocale } from './locale';
import { assignDeep, checkOverrides, type StringOverrides, type Table } from './overrides';

/** The active table (see active.ts), typed as the full table. */
const strings = active as unknown as Strings;

export { strings, type Strings, type StringOverrides };
export { formatBytes, formatDate, formatNumber, formatRelative, plural } from './intl';
export { resolveLocale, type ResolvedLocale } from './locale';

const german = lazyModule(() => import('./de'));

let current: ResolvedLocale = resolveLocale();
let generation = 0;

function fill(locale: ResolvedLocale, table: Strings | null, overrides?: StringOverrides): void {
  assignDeep(strings as Table, en as Table);
  if (table) assignDeep(strings as Table, table as Table);
  if (overrides) assignDeep(strings as Table, overrides as Table, true);
  current = locale;
  setIntlLocale(locale.tag);
}

fill(current, null);

/**
 * Makes the active table that of `locale` with the host's (already checked) `overrides`. Returns
 * null when that is done, or a promise (never rejected) while a table downloads; a German chunk
 * that fails to arrive leaves the widget in English, with a warning.
 */
export function applyLocale(locale: string | undefined, overrides?: StringOverrides): Promise<void> | null {
  const run = ++generation;
  const resolved = resolveLocale(locale);
  if (resolved.table === 'en') {
    fill(resolved, null, overrides);
    return null;
  }
  return german.load().then(
    ({ germanFor }) => {
      if (run === generation) fill(resolved, germanFor(resolved.region), overrides);
    },
    () => {
      if (run !== generation) return;
      console.warn('[pinmark] The German strings could not be loaded; showing English.');
      fill({ ...resolved, tag: 'en', table: 'en' }, null, overrides);
    },
  );
}

/** Back to English, left to right (destroy), cancelling a download under way. */
export function resetLocale(): void {
  generation++;
  fill(resolveLocale(), null);
}

/** Idle-time steps that build the active locale's formatters before a click needs them (intl.ts). */
export const formatterWarmUps = (): (() => unknown)[] => intlWarmUps(current.table);

/** The active locale: its tag (for `lang`) and direction (for `dir`) on the widget's root. */
export const activeLocale = (): ResolvedLocale => current;

/** Checks the host's `strings` option against the English table; `fail` throws the caller's error. */
export function checkStrings(value: unknown, fail: (message: string) => never): StringOverrides {
  return checkOverrides(value, en as Table, fail, (message) => console.warn(`[pinmark] ${message}`)) as StringOverrides;
}
