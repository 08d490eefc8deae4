/**
 * The German table, a lazy chunk (`./index.ts` loads it before mounting when the locale is German):
 * about 5 KB gzip that English-speaking visitors never download. Typed as the full table, so a key
 * English gains and German lacks is a compile error. Informal "du" throughout, as product UIs of
 * this kind address their users; Swiss and Liechtenstein German get "ss" for "ß" (`germanFor`).
 */
import { active as strings } from './active';
import { deTools } from './de-tools';
import { deGuest } from './de-guest';
import type { Strings } from './en';
import { formatBytes, formatNumber as n, plural } from './intl';
import { launcherWords } from './launcher-words';

const withCause = (sentence: string, cause: string) => `${sentence} ${cause}`.trim();

export const de: Strings = {
  launcher: {
    addComment: launcherWords.de,
    paused: 'Kommentare pausiert',
    pausedHint: 'Neue Kommentare sind auf dieser Seite pausiert.',
    openThreads: (count) => plural('de', count, { one: '# offener Thread', other: '# offene Threads' }),
  },
  signIn: {
    dialog: 'Anmelden',
    intro: 'Melde dich an, um diese Seite zu kommentieren.',
    button: 'Zum Kommentieren anmelden',
    waitingPopup: 'Schließ die Anmeldung im Pop-up-Fenster ab…',
    waitingSilent: 'Du wirst angemeldet…',
    cancel: 'Anmeldung abbrechen',
    signedInAs: (name) => (name ? `Angemeldet als ${name}` : 'Angemeldet'),
    ...deGuest,
  },
  commentMode: {
    hint: 'Klicke auf etwas, um es zu kommentieren · Esc zum Abbrechen',
    tapHint: 'Tippe auf etwas, um es zu kommentieren',
    keyboardHint: 'Tab wählt ein Element, Enter kommentiert es',
    target: (what) => `${what} · Enter zum Kommentieren`,
    described: (kind, text) => (text ? `${kind} „${text}“` : kind),
    kinds: {
      heading: 'Überschrift',
      paragraph: 'Absatz',
      image: 'Bild',
      link: 'Link',
      button: 'Schaltfläche',
      field: 'Feld',
      item: 'Listeneintrag',
      cell: 'Tabellenzelle',
      element: 'Element',
    },
  },
  composer: {
    dialog: 'Neuer Kommentar',
    textarea: 'Kommentar',
    placeholder: 'Schreib einen Kommentar…',
    post: 'Senden',
    cancel: 'Abbrechen',
    shortcut: 'Strg+Enter zum Senden',
    signInAgain: 'Zum Kommentieren anmelden',
    dropHint: 'Dateien hier ablegen, um sie anzuhängen',
  },
  screenshot: {
    region: 'Screenshot',
    capturing: 'Screenshot wird erstellt…',
    phases: {
      loading: 'Screenshot wird vorbereitet…',
      rendering: 'Screenshot wird erstellt…',
      masking: 'Private Felder werden ausgeblendet…',
      encoding: 'Wird komprimiert…',
    },
    cancel: 'Screenshot überspringen',
    preview: 'Screenshot der Seite',
    annotate: 'Markieren',
    annotated: 'Markiert',
    remove: 'Screenshot entfernen',
    add: 'Screenshot hinzufügen',
    retry: 'Erneut versuchen',
    none: 'Es wird kein Screenshot angehängt.',
    skipped: (reason) => `Screenshot übersprungen: ${reason}`,
    uploading: 'Screenshot wird hochgeladen…',
    uploadFailed: 'Der Screenshot konnte nicht hochgeladen werden.',
    open: (number) => `Screenshot von Thread #${number} in voller Größe öffnen`,
    fullSize: 'Screenshot in voller Größe',
    close: 'Screenshot schließen',
    privacy: 'Passwörter, Kartennummern und private Felder werden ausgeblendet.',
  },
  record: {
    start: 'Aufnehmen',
    hint: 'Diesen Tab aufnehmen, höchstens 3 Minuten',
    starting: 'Teile diesen Tab im Fenster deines Browsers. Alles darauf wird aufgenommen, auch private Felder.',
    bar: 'Aufnahme',
    stop: 'Aufnahme beenden',
    time: (elapsed, limit) => `${elapsed} von ${limit}`,
  },
  attachments: {
    add: 'Dateien anhängen',
    list: 'Anhänge',
    remove: (name) => `${name} entfernen`,
    retry: (name) => `${name} erneut hochladen`,
    uploading: 'Wird hochgeladen…',
    failed: 'Hochladen fehlgeschlagen',
    size: (bytes) => formatBytes(bytes),
    open: (name) => `${name} öffnen`,
  },
  diagnostics: {
    title: 'Diagnose',
    summary: (errors, warnings, requests) =>
      [
        plural('de', errors, { other: '# Konsolenfehler' }),
        plural('de', warnings, { one: '# Warnung', other: '# Warnungen' }),
        plural('de', requests, { one: '# fehlgeschlagene Anfrage', other: '# fehlgeschlagene Anfragen' }),
      ].join(' · '),
    loading: 'Diagnose wird geladen…',
    unavailable: 'Die Diagnose konnte nicht geladen werden.',
    console: 'Konsole',
    requests: 'Fehlgeschlagene Anfragen',
    nothing: 'Es wurden keine Konsolenfehler und keine fehlgeschlagenen Anfragen aufgezeichnet.',
  },
  pin: {
    label: (number) => `Thread ${number}`,
    pending: 'Neuer Kommentar hier',
    movable: 'Zum Verschieben ziehen · Alt+Pfeiltasten',
    movableTouch: 'Zum Verschieben ziehen',
    fromDevice: (device) => `Erstellt in der Ansicht „${device}“`,
    saving: 'Neue Position wird gespeichert…',
  },
  devices: {
    showAll: (count) => `Pins aller Geräte anzeigen (${n(count)})`,
    chip: 'Alle Geräte',
    desktop: 'Desktop',
    tablet: 'Tablet',
    mobile: 'Mobil',
  },
  orphans: {
    summary: (count) =>
      plural('de', count, {
        one: '# Kommentar konnte auf dieser Seite nicht platziert werden',
        other: '# Kommentare konnten auf dieser Seite nicht platziert werden',
      }),
    open: (number) => `Thread #${number} öffnen`,
    list: 'Kommentare ohne Position',
  },
  list: {
    toggle: (count) => `Kommentare (${n(count)})`,
    region: 'Kommentare auf dieser Seite',
    item: (number, text) => `Thread #${number}: ${text.slice(0, 60)}`,
    filter: 'Anzeigen',
    filters: { open: 'Offen', resolved: 'Erledigt', all: 'Alle' },
    search: 'Kommentare durchsuchen',
    searchHint: 'Text, Autor oder #Nummer',
    empty: { open: 'Keine offenen Kommentare', resolved: 'Keine erledigten Kommentare', all: 'Noch keine Kommentare' },
    noMatch: (query) => `Nichts passt zu „${query}“`,
    results: (count) => plural('de', count, { one: '# Kommentar angezeigt', other: '# Kommentare angezeigt' }),
  },
  move: {
    button: 'Pin verschieben',
    hint: (number) =>
      `Thread #${number} wird verschoben: Pfeiltasten bewegen den Pin (mit Umschalt um 1 px) · Enter speichert · Esc bricht ab`,
  },
  thread: {
    dialog: (number) => `Thread ${number}`,
    title: (number) => `Thread #${number}`,
    resolvedBadge: 'Erledigt',
    replyTextarea: 'Antwort schreiben',
    replyPlaceholder: 'Antworten…',
    sendReply: 'Antwort senden',
    resolve: 'Erledigen',
    reopen: 'Wieder öffnen',
    delete: 'Thread löschen',
    confirmQuestion: 'Diesen Thread mit allen Nachrichten löschen?',
    confirmDelete: 'Löschen bestätigen',
    keep: 'Thread behalten',
    close: 'Schließen',
    unknownAuthor: 'Jemand',
    noMessages: 'Noch keine Nachrichten.',
    notPlaced:
      'Das Element dieses Kommentars wurde auf dieser Seite nicht gefunden. Mit „Pin verschieben“ setzt du ihn an eine neue Stelle.',
    notShown:
      'Das Element dieses Kommentars ist auf dieser Seite, wird aber gerade nicht angezeigt (ausgeblendet oder eingeklappt). Mit „Pin verschieben“ setzt du ihn an eine neue Stelle.',
  },
  send: {
    title: 'Nicht gesendeter Kommentar',
    pin: 'Neuer Kommentar, wird gesendet',
    pinFailed: 'Neuer Kommentar, nicht gesendet',
    label: (status) => (status === 'failed' ? strings.send.pinFailed : strings.send.pin),
    sending: 'Wird gesendet…',
    retrying: 'Noch nicht gesendet: neuer Versuch…',
    failed: (reason) => `Nicht gesendet. ${reason}`,
    retry: 'Erneut senden',
    discard: 'Verwerfen',
    offline: 'Du bist offline. Deine Kommentare bleiben erhalten und werden gesendet, sobald du wieder online bist.',
  },
  message: {
    edit: 'Bearbeiten',
    delete: 'Löschen',
    save: 'Speichern',
    cancel: 'Abbrechen',
    editor: 'Nachricht bearbeiten',
    edited: 'bearbeitet',
    saving: 'Wird gespeichert…',
    deleting: 'Wird gelöscht…',
    confirmDelete: 'Diese Nachricht löschen?',
    confirm: 'Nachricht löschen',
    keep: 'Behalten',
    actions: (author) => `Nachricht von ${author}`,
  },
  notice: {
    dismiss: 'Ausblenden',
    retry: 'Erneut versuchen',
    signInAgain: 'Erneut anmelden',
  },

  announce: {
    posted: 'Kommentar gesendet',
    replySent: 'Antwort gesendet',
    messageSaved: 'Nachricht gespeichert',
    messageDeleted: 'Nachricht gelöscht',
    resolved: 'Thread erledigt',
    reopened: 'Thread wieder geöffnet',
    deleted: 'Thread gelöscht',
    moved: 'Pin verschoben',
    notSent: 'Kommentar nicht gesendet: öffne ihn, um es erneut zu versuchen oder ihn zu verwerfen.',
    online: 'Wieder online. Wartende Kommentare werden gesendet.',
  },
  time: {
    justNow: 'gerade eben',
  },
  errors: {
    popupBlocked: 'Dein Browser hat das Anmeldefenster blockiert. Erlaube Pop-ups für diese Website und versuch es dann noch einmal.',
    signInFailed: (message) =>
      message ? `Anmeldung fehlgeschlagen: ${message}` : 'Anmeldung fehlgeschlagen. Bitte versuch es noch einmal.',
    signInTimeout: 'Die Anmeldung hat zu lange gedauert. Bitte versuch es noch einmal.',
    originNotAllowed:
      'Feedback ist für diese Website noch nicht eingerichtet, deshalb klappt die Anmeldung hier nicht. Bitte sag dem Team der Website Bescheid.',
    sessionExpired: 'Deine Sitzung ist abgelaufen. Melde dich erneut an, um weiterzumachen – was du geschrieben hast, bleibt erhalten.',
    unauthorized: 'Du bist nicht mehr angemeldet. Melde dich erneut an, um weiterzumachen – was du geschrieben hast, bleibt erhalten.',
    emptyMessage: 'Schreib zuerst etwas.',
    messageTooLong: 'Dieser Kommentar ist zu lang (höchstens 20.000 Zeichen). Bitte kürze ihn.',
    editFailed: (cause) =>
      withCause(
        'Deine Änderung konnte nicht gespeichert werden, die Nachricht ist unverändert; deine Änderung steht noch im Eingabefeld.',
        cause,
      ),
    deleteFailed: (cause) => withCause('Die Nachricht konnte nicht gelöscht werden und ist wieder da.', cause),
    resolveFailed: (cause) => withCause('Der Status des Threads konnte nicht geändert werden und ist unverändert.', cause),
    threadDeleteFailed: (cause) => withCause('Der Thread konnte nicht gelöscht werden und ist wieder da.', cause),
    loadFailed: (detail) => `Die Kommentare konnten nicht geladen werden. ${detail}`,
    checkConnection: 'Prüf deine Verbindung und versuch es noch einmal.',
    tryAgain: 'Bitte versuch es noch einmal.',
    networkError: 'Der Kommentardienst ist nicht erreichbar. Prüf deine Verbindung und versuch es noch einmal.',
    timeout: 'Der Kommentardienst antwortet zu langsam. Bitte versuch es noch einmal.',
    rateLimited: 'Gerade gibt es zu viele Anfragen. Warte einen Moment und versuch es dann noch einmal.',
    payloadTooLarge: 'Dieser Kommentar ist zu lang. Bitte kürze ihn.',
    quotaExceeded:
      'Für diese Datei ist kein Speicherplatz mehr frei. Entferne Dateien, die du nicht mehr brauchst, oder bitte das Team der Website um mehr Platz.',
    forbidden: (message) => (message ? `Nicht erlaubt: ${message}` : 'Dazu bist du nicht berechtigt.'),
    notFound: 'Diesen Kommentar gibt es nicht mehr. Vielleicht wurde er gelöscht.',
    threadDeletedElsewhere: 'Der geöffnete Thread wurde von jemand anderem gelöscht.',
    internalError: 'Beim Kommentardienst ist ein Fehler aufgetreten. Bitte versuch es noch einmal.',
    screenshotTimeout: 'Es hat zu lange gedauert.',
    screenshotMaskingFailed: 'Private Felder konnten nicht ausgeblendet werden, deshalb wurde kein Screenshot erstellt.',
    screenshotUnsupported: 'Dieser Browser kann die Seite nicht aufnehmen.',
    screenshotFailed: (message) =>
      message ? `Die Seite konnte nicht aufgenommen werden (${message}).` : 'Die Seite konnte nicht aufgenommen werden.',
    screenshotSkipped: 'Dein Kommentar wurde ohne Screenshot gesendet: Die Seite konnte nicht rechtzeitig aufgenommen werden.',
    screenshotUploadFailed: (cause) =>
      withCause('Dein Kommentar wurde gesendet, aber sein Screenshot konnte nicht hochgeladen werden.', cause),
    recordingUnsupported: 'Dieser Browser kann den Tab nicht aufnehmen.',
    recordingFailed: 'Die Aufnahme konnte nicht erstellt werden. Bitte versuch es erneut.',
    attachmentFailed: (name) =>
      `„${name}“ konnte nicht hochgeladen werden. Versuch es erneut oder entferne die Datei und sende dann noch einmal.`,
    attachmentTooLarge: 'Diese Datei ist größer als 25 MB.',
    tooManyAttachments: 'Eine Nachricht kann höchstens 10 Dateien enthalten.',
    unsupportedMediaType: 'Diese Art von Datei kann nicht angehängt werden.',
    moveFailed: (cause) => withCause('Der Pin konnte nicht verschoben werden und ist wieder an seinem alten Platz.', cause),
    unknown: 'Etwas ist schiefgelaufen. Bitte versuch es noch einmal.',
  },
  ...deTools,
};

/** The table for a German-speaking region: Switzerland and Liechtenstein write "ss" for "ß". */
export function germanFor(region: string): Strings {
  return region === 'CH' || region === 'LI' ? (withoutEszett(de) as Strings) : de;
}

function withoutEszett(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/ß/g, 'ss');
  if (typeof value === 'function') return (...args: unknown[]) => withoutEszett((value as (...a: unknown[]) => unknown)(...args));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutEszett(inner)]));
}
