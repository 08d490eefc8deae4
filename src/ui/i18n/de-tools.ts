/**
 * German words of the two editors (rich text and screenshot annotation), informal "du" like the rest
 * of the German table. Keys are named as German keyboards label them (Strg, Umschalt, Entf); the
 * one-letter tool keys stay B, A, P, T, H because those are the keys the annotator listens to.
 */
import type { Strings } from './en';
import { active as strings, type ShapeType } from './active';
import { formatNumber as n } from './intl';
import { shortcut } from './keys';

const keys = (combo: string) => shortcut(combo, 'Strg', 'Umschalt');
const shape = (type: ShapeType): string => strings.annotate.shapes[type];

export const deTools: Pick<Strings, 'editor' | 'annotate'> = {
  editor: {
    toolbar: 'Formatierung',
    tools: {
      bold: { label: 'Fett', keys: keys('Strg+B') },
      italic: { label: 'Kursiv', keys: keys('Strg+I') },
      underline: { label: 'Unterstrichen', keys: keys('Strg+U') },
      strike: { label: 'Durchgestrichen', keys: keys('Strg+Umschalt+X') },
      code: { label: 'Code', keys: keys('Strg+E') },
      link: { label: 'Link', keys: keys('Strg+K') },
      bullet: { label: 'Aufzählung', keys: keys('Strg+Umschalt+8') },
      ordered: { label: 'Nummerierte Liste', keys: keys('Strg+Umschalt+7') },
    },
    title: (label, shortcut) => `${label} (${shortcut})`,
    link: {
      field: 'Linkadresse',
      placeholder: 'https://…',
      apply: 'Übernehmen',
      remove: 'Link entfernen',
      cancel: 'Abbrechen',
      invalid: 'Gib eine Webadresse (https://…) oder eine E-Mail-Adresse ein.',
    },
    mentions: {
      list: 'Personen zum Erwähnen',
      searching: 'Suche läuft…',
      none: 'Niemand gefunden',
      failed: 'Personen konnten nicht geladen werden',
    },
  },
  annotate: {
    dialog: 'Screenshot markieren',
    toolbar: 'Markierungswerkzeuge',
    tools: {
      box: { label: 'Rahmen', title: 'Rahmen: einen Bereich hervorheben (B)' },
      arrow: { label: 'Pfeil', title: 'Pfeil: auf etwas zeigen (A)' },
      pen: { label: 'Stift', title: 'Stift: freihand zeichnen (P)' },
      text: { label: 'Text', title: 'Text: eine Notiz schreiben (T)' },
      hide: { label: 'Schwärzen', title: 'Schwärzen: private Informationen abdecken (H)' },
    },
    shapes: { box: 'Rahmen', arrow: 'Pfeil', pen: 'Zeichnung', text: 'Text', hide: 'Geschwärzter Bereich' },
    colors: {
      group: 'Farbe',
      red: 'Rot',
      amber: 'Bernstein',
      blue: 'Blau',
      green: 'Grün',
    },
    undo: 'Rückgängig',
    undoTitle: 'Rückgängig (Strg+Z)',
    redo: 'Wiederholen',
    redoTitle: 'Wiederholen (Strg+Umschalt+Z)',
    deleteShape: 'Löschen',
    deleteTitle: 'Ausgewählte Form löschen (Entf)',
    done: 'Fertig',
    doneTitle: 'Fertig (Strg+Enter)',
    cancel: 'Abbrechen',
    cancelTitle: 'Abbrechen (Esc)',
    surface: 'Screenshot',
    surfaceRole: 'Zeichenfläche für Markierungen',
    hint: 'Ziehen zum Zeichnen · Tab wählt Formen aus · Pfeiltasten verschieben · Alt+Pfeiltasten ändern die Größe · Enter fügt in der Mitte ein',
    touchHint: 'Ziehen zum Zeichnen · Tippe auf eine Form, um sie auszuwählen',
    instructions:
      'Wähle ein Werkzeug mit B, A, P, T oder H. Ziehe auf dem Screenshot, um zu zeichnen, oder drücke Enter, um eine Form in der Mitte einzufügen. ' +
      'Tab und Umschalt+Tab wählen die Formen nacheinander aus. Die Pfeiltasten verschieben die ausgewählte Form um 10 Pixel, mit Umschalt um 1 Pixel; ' +
      'Alt mit Pfeiltasten ändert ihre Größe. Entf entfernt sie, F2 bearbeitet einen ausgewählten Text, Esc hebt die Auswahl auf. ' +
      'Strg+Z macht rückgängig, Strg+Umschalt+Z oder Strg+Y stellt wieder her, Strg+Enter schließt ab.',
    textField: 'Text der Markierung',
    textPlaceholder: 'Tippen, dann Enter drücken',
    shapeName: (type) => shape(type),
    size: {
      text: (px) => `${n(px)} px`,
      arrow: (px) => `${n(px)} px lang`,
      box: (width, height) => `${n(width)} × ${n(height)}`,
    },
    announce: {
      tool: (type) => `Werkzeug: ${strings.annotate.tools[type].label}`,
      color: (name) => `Farbe: ${name}`,
      added: (type) => `${shape(type)} hinzugefügt`,
      deleted: (type) => `${shape(type)} gelöscht`,
      moved: (type, x, y) => `${shape(type)} verschoben nach ${x}, ${y}`,
      resized: (type, detail) => `${shape(type)}: Größe jetzt ${detail}`,
      recolored: (type, name) => `${shape(type)}: Farbe jetzt ${name}`,
      textChanged: 'Text geändert',
      selected: (type, index, total) => `${shape(type)} ausgewählt, ${n(index)} von ${n(total)}`,
      deselected: 'Nichts ausgewählt',
      nothingSelected: 'Wähle zuerst eine Form aus: Drücke Tab',
      undone: 'Rückgängig gemacht',
      redone: 'Wiederhergestellt',
      nothingToUndo: 'Nichts rückgängig zu machen',
      nothingToRedo: 'Nichts wiederherzustellen',
      typeText: 'Gib den Text ein und drücke dann Enter',
    },
  },
};
