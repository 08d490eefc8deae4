/**
 * The viewer's toolbar: previous and next page, the page number field (type a number, Enter), and
 * zoom out / in / fit to width with the current level.
 */
import { useEffect, useState } from 'preact/hooks';
import { parsePageNumber } from '../../../state/file-review-pdf';
import { pdfWords } from '../../../i18n/pdf';

export interface PdfToolbarProps {
  page: number;
  pageCount: number;
  goTo: (page: number) => void;
  zoomPercent: number;
  zoomIn: () => void;
  zoomOut: () => void;
  fitWidth: () => void;
  canZoomIn: boolean;
  canZoomOut: boolean;
}

export function PdfToolbar(props: PdfToolbarProps) {
  const words = pdfWords();
  const [typed, setTyped] = useState(String(props.page));
  useEffect(() => setTyped(String(props.page)), [props.page]);
  const submit = () => {
    const page = parsePageNumber(typed, props.pageCount);
    if (page === null) setTyped(String(props.page));
    else props.goTo(page);
  };
  return (
    <div class="pdf-toolbar" role="toolbar" aria-label={words.toolbar}>
      <div class="pdf-toolbar-group">
        <button
          type="button"
          class="pdf-tool"
          onClick={() => props.goTo(props.page - 1)}
          disabled={props.page <= 1}
          aria-label={words.previous}
          title={words.previous}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <input
          class="pdf-page-field"
          type="text"
          inputMode="numeric"
          aria-label={words.pageField}
          value={typed}
          size={Math.max(2, String(props.pageCount).length)}
          onInput={(event) => setTyped((event.target as HTMLInputElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          onBlur={submit}
        />
        <span class="pdf-page-count">{words.ofPages(props.pageCount)}</span>
        <button
          type="button"
          class="pdf-tool"
          onClick={() => props.goTo(props.page + 1)}
          disabled={props.page >= props.pageCount}
          aria-label={words.next}
          title={words.next}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div class="pdf-toolbar-group">
        <button
          type="button"
          class="pdf-tool"
          onClick={props.zoomOut}
          disabled={!props.canZoomOut}
          aria-label={words.zoomOut}
          title={words.zoomOut}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output class="pdf-zoom-level" aria-live="polite">
          {words.zoomLevel(props.zoomPercent)}
        </output>
        <button
          type="button"
          class="pdf-tool"
          onClick={props.zoomIn}
          disabled={!props.canZoomIn}
          aria-label={words.zoomIn}
          title={words.zoomIn}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button type="button" class="pdf-tool pdf-tool--text" onClick={props.fitWidth}>
          {words.fitWidth}
        </button>
      </div>
    </div>
  );
}
