/** English words of the PDF viewer (file review, issue 17): pages, zoom, thumbnails, commenting on a spot or on selected words. */
export const enPdf = {
  loading: 'Loading the PDF…',
  failed: 'This PDF could not be opened here. Its pages are shown as pictures.',
  pageFailed: 'This page could not be drawn.',
  pageLabel: (n: number, total: number) => `Page ${n} of ${total}`, // contract
  toolbar: 'Pages and zoom', // contract
  previous: 'Previous page', // contract
  next: 'Next page', // contract
  pageField: 'Page number', // contract
  ofPages: (total: number) => `of ${total}`,
  zoomIn: 'Zoom in', // contract
  zoomOut: 'Zoom out', // contract
  fitWidth: 'Fit to width', // contract
  zoomLevel: (percent: number) => `${percent}%`,
  thumbnails: 'Pages', // contract
  thumbnail: (n: number, comments: number) =>
    comments ? `Page ${n}, ${comments === 1 ? '1 comment' : `${comments} comments`}` : `Page ${n}`,
  commentOnSelection: 'Comment on selection', // contract
  quote: (text: string) => `On “${text}”`,
  hint: 'Click a spot to comment there, or select words and choose “Comment on selection”. Keys: Enter shows a crosshair, arrows move it, Enter comments, Esc cancels; Page Up/Down turn pages; + − 0 zoom.',
  hintTouch: 'Tap a spot on a page to comment there, or select words and tap “Comment on selection”.',
  crosshair: 'Where the comment goes', // contract
  crosshairAt: (x: number, y: number) => `${Math.round(x)}% across, ${Math.round(y)}% down`,
  onPage: (n: number) => `Page ${n}`,
};

export type PdfStrings = typeof enPdf;
