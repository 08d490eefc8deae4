/** German words of reporting as a guest (issue 18), informal "du" like the rest of the German table. */
import type { Strings } from './en';

export const deGuest: Pick<Strings['signIn'], 'guest'> = {
  guest: {
    or: 'oder',
    open: 'Als Gast melden',
    intro: 'Ohne Konto: Hinterlass deinen Namen und deine E-Mail-Adresse, das Team antwortet dir per E-Mail.',
    name: 'Dein Name',
    email: 'Deine E-Mail-Adresse',
    submit: 'Als Gast weiter',
    sending: 'Wir prüfen, dass hier ein Mensch ist und kein Skript…',
    back: 'Zurück',
    privacy: 'Nur du und das Team dieser Website sehen deine Meldungen.',
    remembered: 'Dieser Browser merkt sich deinen Namen und deine Adresse für das nächste Mal.',
    errors: {
      guest_blocked: 'Das Team dieser Website hat diese E-Mail-Adresse für Feedback gesperrt.',
      guests_disabled: 'Diese Website nimmt keine Meldungen von Gästen mehr an. Melde dich stattdessen an.',
      guest_daily_cap_reached: 'Diese Website hat heute alle Meldungen von Gästen angenommen, die sie annimmt. Versuch es morgen wieder.',
      rate_limited: 'Zu viele Versuche von hier. Warte kurz und versuch es noch einmal.',
      submitted_too_fast: 'Das war schneller, als ein Mensch tippt. Versuch es bitte noch einmal.',
      check_failed: 'Die Prüfung, dass du ein Mensch bist, hat nicht geklappt. Versuch es bitte noch einmal.',
      invalid: 'Gib deinen Namen und eine E-Mail-Adresse wie ada@example.com ein.',
    },
  },
};
