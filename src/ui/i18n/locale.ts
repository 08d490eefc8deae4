/**
 * From the host's `locale` option (a BCP 47 tag) to what the widget needs: the canonical tag for
 * `Intl`, which table to show (English or German; anything else shows English, which a host can
 * replace through the `strings` option), and the writing direction. The direction follows the
 * locale, never the page: hosts embed us in pages whose own `dir` says nothing about the reviewer.
 */

export type TableName = 'en' | 'de';

export interface ResolvedLocale {
  /** Canonical BCP 47 tag for every Intl formatter ("de-CH", "ar", "en-GB"). */
  tag: string;
  table: TableName;
  /** Upper-case region subtag, '' when none ("CH"). */
  region: string;
  dir: 'ltr' | 'rtl';
}

/** Scripts written right to left (Unicode script codes); a language's script comes from `Intl.Locale.maximize()`. */
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr']);
/** Written left to right in every region: no need to ask CLDR. */
const LATIN_LANGUAGES = new Set(['en', 'de']);

/** With no `locale` option: English, in the browser's English variant if it has one (en-GB dates for a British reviewer). */
function defaultTag(): string {
  const browser = typeof navigator !== 'undefined' ? navigator.language : '';
  return canonical(browser)?.toLowerCase().startsWith('en') ? canonical(browser)! : 'en';
}

function canonical(tag: string): string | undefined {
  try {
    return tag ? Intl.getCanonicalLocales(tag)[0] : undefined;
  } catch {
    return undefined; // Not a well-formed tag ("de_DE!"): treated like an unknown locale.
  }
}

export function resolveLocale(requested?: string): ResolvedLocale {
  const tag = (typeof requested === 'string' && canonical(requested.trim())) || defaultTag();
  const [language = 'en', ...subtags] = tag.split('-');
  const lower = language.toLowerCase();
  let script = subtags.find((part) => /^[a-z]{4}$/i.test(part)) ?? '';
  const region = subtags.find((part) => part.length === 2 || /^\d{3}$/.test(part)) ?? '';
  try {
    // The likely script of "ar", "ur", "az-IR"… (CLDR's likely subtags, in every browser since 2020).
    // Skipped for the languages the widget speaks: the first maximize() loads ICU data (~6 ms at start-up).
    if (!script && !LATIN_LANGUAGES.has(lower)) script = new Intl.Locale(tag).maximize().script ?? script;
  } catch {
    // A browser without Intl.Locale: the explicit script subtag, else left to right.
  }
  return {
    tag,
    table: lower === 'de' ? 'de' : 'en',
    region: region.toUpperCase(),
    dir: RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr',
  };
}
