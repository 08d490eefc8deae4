/**
 * The host's `strings` option: any part of the table, checked against the English table's shape
 * (a string where a string is, a function where a function is) so a typo'd type fails `init` with a
 * readable message instead of showing "[object Object]" to reviewers. Keys the table does not have
 * are ignored with one warning: the widget is served by the comment service and may be older or
 * newer than the host's override list, which must not break the widget. A host's function is
 * wrapped when applied: if it throws or returns a non-string, the locale's own function answers.
 */
import type { Strings } from './en';

type Fn = (...args: never[]) => string;

/** Any part of the table; functions keep their signature (`openThreads: (count) => …`). */
export type StringOverrides<T = Strings> = {
  [K in keyof T]?: T[K] extends Fn ? T[K] : T[K] extends object ? StringOverrides<T[K]> : T[K];
};

export type Table = Record<string, unknown>;

export const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value);

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * A clean copy of `value` with only the keys `base` (the English table) has, in the types it has.
 * Calls `fail` (which throws) on a wrong type; `warn` once per unknown key.
 */
export function checkOverrides(
  value: unknown,
  base: Table,
  fail: (message: string) => never,
  warn: (message: string) => void,
  path = 'strings',
): Table {
  if (!isTable(value)) fail(`Option "${path}" must be an object of strings, got ${describe(value)}.`);
  const clean: Table = {};
  for (const key of Object.keys(value)) {
    const at = `${path}.${key}`;
    const given = value[key];
    if (!own(base, key)) {
      warn(`Option "${at}" is not a string Pinmark shows; ignored.`);
      continue;
    }
    if (given === undefined) continue;
    const expected = base[key];
    if (isTable(expected)) clean[key] = checkOverrides(given, expected, fail, warn, at);
    else if (typeof expected === 'function') {
      if (typeof given !== 'function') fail(`Option "${at}" must be a function returning a string, got ${describe(given)}.`);
      clean[key] = given;
    } else if (typeof given !== 'string') fail(`Option "${at}" must be a string, got ${describe(given)}.`);
    else clean[key] = given;
  }
  return clean;
}

/** The host's function, or ours when it throws or answers with something that is not text. */
function guarded(host: Fn, fallback: Fn): Fn {
  return (...args) => {
    try {
      const text = host(...args);
      if (typeof text === 'string') return text;
    } catch {
      // The host's bug must not break rendering; the table's wording is a fine stand-in.
    }
    return fallback(...args);
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `"${value.slice(0, 40)}"` : `a ${typeof value}`;
}

/**
 * Copies `source` into `target` in place: nested tables merge, everything else replaces. With
 * `guard`, a function that replaces one of `target`'s is wrapped so the replaced one (the locale's
 * wording) answers when the new one fails: for host overrides.
 */
export function assignDeep(target: Table, source: Table, guard = false): void {
  for (const key of Object.keys(source)) {
    const value = source[key];
    const previous = target[key];
    if (isTable(value)) {
      if (!isTable(previous)) target[key] = {};
      assignDeep(target[key] as Table, value, guard);
    } else if (guard && typeof value === 'function' && typeof previous === 'function') target[key] = guarded(value as Fn, previous as Fn);
    else target[key] = value;
  }
}
