/**
 * The review app's languages: `t()` is the active table (read it at render time, so a change of
 * language re-renders), `setLanguage` switches it and the widget's table the reused components
 * read (src/ui/i18n, German a lazy chunk there and here). The choice is remembered in localStorage.
 */
import { signal } from '@preact/signals';
import { applyLocale } from '../../src/ui/i18n';
import { en, type AppStrings } from './en';

export type Language = 'en' | 'de';
export type { AppStrings };

const KEY = 'pinmark-app-language';
// German arrives as a chunk of its own when chosen (before the first render: main.tsx waits for it).
const tables: Partial<Record<Language, AppStrings>> & { en: AppStrings } = { en };

function initial(): Language {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'en' || saved === 'de') return saved;
  } catch {
    // Storage blocked: fall back to the browser's language.
  }
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export const language = signal<Language>(initial());

export function t(): AppStrings {
  return tables[language.value] ?? en;
}

/** Applies `next` to both tables; resolves once the widget's German chunk (if any) has arrived. */
export async function setLanguage(next: Language): Promise<void> {
  if (next === 'de' && !tables.de) tables.de = (await import('./de')).de;
  await applyLocale(next);
  document.documentElement.lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // Not remembered; still applied.
  }
  language.value = next;
}
