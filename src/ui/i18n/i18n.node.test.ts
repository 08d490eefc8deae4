/** The string tables, the `locale` and `strings` options, and Intl formatting (node: no DOM needed). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateOptions } from '../../pinmark';
import { describeError } from '../strings';
import { de } from './de';
import { en } from './en';
import { activeLocale, applyLocale, checkStrings, resetLocale, resolveLocale, strings } from './index';
import { formatBytes, formatRelative, plural, setIntlLocale } from './intl';

const base = { publicKey: 'pk_test', markupId: 'm1', apiBase: 'https://feedback.example.com' };
const fail = (message: string): never => {
  throw new Error(message);
};

afterEach(() => {
  resetLocale();
  vi.restoreAllMocks();
});

/** Every key path of a table, with the kind of value there. */
function shape(table: object, prefix = ''): string[] {
  return Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? shape(value as object, `${prefix}${key}.`) : [`${prefix}${key}:${typeof value}`],
  );
}

describe('tables', () => {
  it('German has exactly the English keys, with the same kinds of values', () => {
    expect(shape(de).sort()).toEqual(shape(en).sort());
  });

  it('no German string is left in English (bar words both languages share)', () => {
    const shared = new Set(['Screenshot', 'Text', 'Code', 'Link', 'Desktop', 'Tablet', 'https://…', 'Element']);
    const same = shape(de)
      .filter((entry) => entry.endsWith(':string'))
      .map((entry) => entry.slice(0, entry.lastIndexOf(':')))
      .filter((path) => {
        const get = (table: object) => path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], table);
        return get(de) === get(en) && !shared.has(get(de) as string);
      });
    expect(same).toEqual([]);
  });

  it('keeps the English contract names', () => {
    expect(strings.launcher.addComment).toBe('Add comment');
    expect(strings.orphans.summary(1)).toBe('1 comment could not be placed on this page');
    expect(strings.devices.showAll(3)).toBe('Show pins from all devices (3)');
    expect(strings.send.label('failed')).toBe('New comment, not sent');
  });
});

describe('locale matching', () => {
  it.each([
    ['de', 'de', 'ltr'],
    ['de-DE', 'de', 'ltr'],
    ['de-CH', 'de', 'ltr'],
    ['DE-at', 'de', 'ltr'],
    ['en-GB', 'en', 'ltr'],
    ['fr', 'en', 'ltr'],
    ['ar', 'en', 'rtl'],
    ['he-IL', 'en', 'rtl'],
    ['fa', 'en', 'rtl'],
    ['ur', 'en', 'rtl'],
    ['az-Arab', 'en', 'rtl'],
    ['not a tag!', 'en', 'ltr'],
    ['', 'en', 'ltr'],
  ])('%s → %s table, %s', (tag, table, dir) => {
    const resolved = resolveLocale(tag);
    expect(resolved.table).toBe(table);
    expect(resolved.dir).toBe(dir);
  });

  it('canonicalises the tag Intl will use and keeps the region', () => {
    expect(resolveLocale('de-ch')).toMatchObject({ tag: 'de-CH', region: 'CH' });
  });
});

describe('applyLocale', () => {
  it('German: downloads the table, then formats for German', async () => {
    const pending = applyLocale('de-DE');
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(strings.launcher.addComment).toBe('Kommentar hinzufügen');
    expect(strings.launcher.openThreads(1)).toBe('1 offener Thread');
    expect(strings.launcher.openThreads(1234)).toBe('1.234 offene Threads');
    expect(strings.editor.tools.bold.label).toBe('Fett');
    expect(activeLocale()).toMatchObject({ tag: 'de-DE', dir: 'ltr' });
  });

  it('Swiss German writes ss for ß', async () => {
    await applyLocale('de-CH');
    expect(strings.thread.close).toBe('Schliessen');
    expect(strings.errors.attachmentTooLarge).toBe('Diese Datei ist grösser als 25 MB.');
  });

  it('English and unknown locales apply at once, with no error', () => {
    const warn = vi.spyOn(console, 'warn');
    expect(applyLocale('xx-YY')).toBeNull();
    expect(strings.composer.post).toBe('Post');
    expect(warn).not.toHaveBeenCalled();
  });

  it('host overrides go over the locale, functions included; destroy restores English', async () => {
    await applyLocale('de', checkStrings({ launcher: { addComment: 'Feedback geben', openThreads: (n: number) => `${n} offen` } }, fail));
    expect(strings.launcher.addComment).toBe('Feedback geben');
    expect(strings.launcher.openThreads(2)).toBe('2 offen');
    expect(strings.launcher.paused).toBe('Kommentare pausiert');
    resetLocale();
    expect(strings.launcher.addComment).toBe('Add comment');
    expect(strings.launcher.openThreads(2)).toBe('2 open threads');
    expect(activeLocale().dir).toBe('ltr');
  });

  it('an override read by another string is used there too', () => {
    applyLocale('en', checkStrings({ send: { pin: 'Sending…' }, annotate: { shapes: { box: 'Rectangle' } } }, fail));
    expect(strings.send.label('sending')).toBe('Sending…');
    expect(strings.annotate.announce.added('box')).toBe('Rectangle added');
  });

  it('a host function that throws or returns no text falls back to the locale’s wording', async () => {
    const overrides = checkStrings(
      {
        launcher: {
          openThreads: () => {
            throw new Error('host bug');
          },
        },
        list: { toggle: () => 42 as unknown as string },
      },
      fail,
    );
    await applyLocale('de', overrides);
    expect(strings.launcher.openThreads(3)).toBe('3 offene Threads');
    expect(strings.list.toggle(3)).toBe('Kommentare (3)');
  });

  it('a later init wins over a German download still under way', async () => {
    const german = applyLocale('de');
    applyLocale('en-GB');
    await german;
    expect(strings.launcher.addComment).toBe('Add comment');
    expect(activeLocale().tag).toBe('en-GB');
  });

  it('describes errors in the active language', async () => {
    await applyLocale('de');
    expect(describeError({ code: 'edit_failed', status: 0, message: '', cause: { code: 'network_error', status: 0, message: '' } })).toBe(
      'Deine Änderung konnte nicht gespeichert werden, die Nachricht ist unverändert; deine Änderung steht noch im Eingabefeld. ' +
        'Der Kommentardienst ist nicht erreichbar. Prüf deine Verbindung und versuch es noch einmal.',
    );
  });
});

describe('options', () => {
  it('passes locale and checked strings through', () => {
    const config = validateOptions({ ...base, locale: ' de-CH ', strings: { composer: { post: 'Send' } } });
    expect(config.locale).toBe('de-CH');
    expect(config.strings).toEqual({ composer: { post: 'Send' } });
  });

  it.each([
    [{ locale: 42 }, 'Option "locale" must be a language tag such as "de" or "en-GB", got a number.'],
    [{ strings: 'de' }, 'Option "strings" must be an object of strings, got "de".'],
    [{ strings: { composer: 'Post' } }, 'Option "strings.composer" must be an object of strings, got "Post".'],
    [{ strings: { composer: { post: 1 } } }, 'Option "strings.composer.post" must be a string, got a number.'],
    [
      { strings: { launcher: { openThreads: '# open' } } },
      'Option "strings.launcher.openThreads" must be a function returning a string, got "# open".',
    ],
    [{ strings: { editor: { tools: { bold: null } } } }, 'Option "strings.editor.tools.bold" must be an object of strings, got null.'],
  ])('rejects %j with a readable OptionsError', (extra, message) => {
    expect(() => validateOptions({ ...base, ...(extra as object) })).toThrow(expect.objectContaining({ name: 'OptionsError', message }));
  });

  it('ignores unknown keys with a warning (the widget may be newer or older than the host)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = validateOptions({
      ...base,
      strings: JSON.parse('{"composer":{"pots":"x","post":"Go"},"__proto__":{"polluted":"yes"}}'),
    });
    expect(config.strings).toEqual({ composer: { post: 'Go' } });
    expect(warn).toHaveBeenCalledWith('[pinmark] Option "strings.composer.pots" is not a string Pinmark shows; ignored.');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('Intl formatting', () => {
  afterEach(() => setIntlLocale('en'));
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);

  it('relative times in English and German, a date after a week', () => {
    setIntlLocale('en');
    expect(formatRelative(now - 30_000, now, 'just now')).toBe('just now');
    expect(formatRelative(now - 5 * 60_000, now, 'just now')).toBe('5 min. ago');
    expect(formatRelative(now - 26 * 3600_000, now, 'just now')).toBe('yesterday');
    setIntlLocale('de');
    expect(formatRelative(now - 5 * 60_000, now, 'gerade eben')).toBe('vor 5 Min.');
    expect(formatRelative(now - 2 * 3600_000, now, 'gerade eben')).toBe('vor 2 Std.');
    expect(formatRelative(now - 3 * 86400_000, now, 'gerade eben')).toBe('vor 3 Tagen');
    expect(formatRelative(now - 30 * 86400_000, now, 'gerade eben')).toBe('22.10.2026');
    expect(formatRelative(Number.NaN, now, 'gerade eben')).toBe('');
  });

  it('plural rules of the words’ language, numbers of the active locale', () => {
    setIntlLocale('de-CH');
    expect(plural('en', 1, { one: '# thread', other: '# threads' })).toBe('1 thread');
    expect(plural('en', 12345, { one: '# thread', other: '# threads' })).toBe(`${new Intl.NumberFormat('de-CH').format(12345)} threads`); // 12’345 (ICU versions differ on the apostrophe)
    expect(plural('de', 0, { one: '# Warnung', other: '# Warnungen' })).toBe('0 Warnungen');
  });

  it('file sizes with the locale’s units', () => {
    setIntlLocale('en');
    expect(formatBytes(12 * 1024)).toBe('12 kB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    setIntlLocale('de');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatBytes(-1)).toBe('0 Byte');
  });
});
