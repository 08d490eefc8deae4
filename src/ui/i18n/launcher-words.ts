/**
 * The launcher's accessible name in each table, apart from the tables: the visitor's launcher
 * (visitor/) shows it before any table has arrived, and must say exactly what the widget's own
 * launcher will say. `en.ts` and `de.ts` take theirs from here.
 */
export const launcherWords: Record<'en' | 'de', string> = {
  en: 'Add comment', // contract
  de: 'Kommentar hinzufügen',
};
