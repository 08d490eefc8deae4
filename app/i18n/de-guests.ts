/** The review app's German words of guest reporting (issue 18). */
import type { AppStrings } from './en';

export const deGuests: Pick<AppStrings, 'guests'> = {
  guests: {
    title: 'Meldungen von Gästen',
    intro: 'Besucher ohne Konto melden mit Namen und E-Mail-Adresse und bekommen Antworten per E-Mail. Aus, bis du es einschaltest.',
    allow: 'Besucher als Gäste melden lassen',
    cap: 'Neue Gast-Threads pro Tag',
    save: 'Obergrenze speichern',
    on: 'Gäste können auf dieser Website melden.',
    off: 'Nur angemeldete Reviewer können melden.',
    guest: 'Gast',
    block: 'Diesen Gast sperren',
    unblock: 'Entsperren',
    blocked: 'Gesperrt: Diese Adresse kann nichts mehr melden oder beantworten.',
    blockHint: 'Sperrt die Adresse in diesem Workspace und meldet den Gast ab.',
  },
};
