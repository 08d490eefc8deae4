/** German words of the PDF viewer (typed as the English ones). */
import type { PdfStrings } from './en-pdf';

export const dePdf: PdfStrings = {
  loading: 'PDF wird geladen…',
  failed: 'Dieses PDF lässt sich hier nicht öffnen. Seine Seiten werden als Bilder gezeigt.',
  pageFailed: 'Diese Seite ließ sich nicht zeichnen.',
  pageLabel: (n, total) => `Seite ${n} von ${total}`,
  toolbar: 'Seiten und Zoom',
  previous: 'Vorige Seite',
  next: 'Nächste Seite',
  pageField: 'Seitenzahl',
  ofPages: (total) => `von ${total}`,
  zoomIn: 'Vergrößern',
  zoomOut: 'Verkleinern',
  fitWidth: 'An Breite anpassen',
  zoomLevel: (percent) => `${percent} %`,
  thumbnails: 'Seiten',
  thumbnail: (n, comments) => (comments ? `Seite ${n}, ${comments === 1 ? '1 Kommentar' : `${comments} Kommentare`}` : `Seite ${n}`),
  commentOnSelection: 'Auswahl kommentieren',
  quote: (text) => `Zu „${text}“`,
  hint: 'Klicken Sie auf eine Stelle, um dort zu kommentieren, oder markieren Sie Wörter und wählen Sie „Auswahl kommentieren“. Tasten: Enter zeigt ein Fadenkreuz, Pfeile bewegen es, Enter kommentiert, Esc bricht ab; Bild auf/ab blättern; + − 0 zoomen.',
  hintTouch:
    'Tippen Sie auf eine Stelle einer Seite, um dort zu kommentieren, oder markieren Sie Wörter und tippen Sie auf „Auswahl kommentieren“.',
  crosshair: 'Wohin der Kommentar kommt',
  crosshairAt: (x, y) => `${Math.round(x)} % von links, ${Math.round(y)} % von oben`,
  onPage: (n) => `Seite ${n}`,
};
