/**
 * The strip of page thumbnails beside the pages: the server's small raster of each page (conversion
 * made them; far cheaper than drawing 50 pages with pdf.js), loaded lazily as the strip scrolls, with
 * the number of comments on the page. The current page is marked and kept in view. The strip is one
 * Tab stop (the current page's thumbnail); the arrow keys, Home and End move along it, Enter opens a page.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { MarkupImage } from '../../../../src/api/wire';
import type { PageSize } from '../../../state/file-review-pdf';
import { pdfWords } from '../../../i18n/pdf';

export interface PdfThumbnailsProps {
  sizes: PageSize[];
  /** Each page's MarkupImage (index 0 = page 1), where the markup has one. */
  images: (MarkupImage | undefined)[];
  commentCounts: Map<number, number>;
  current: number;
  goTo: (page: number) => void;
  /**
   * Whether to load the pictures yet: not before the document is open, since a dozen thumbnails in
   * view would take the browser's six connections to the server that pdf.js and its worker need.
   */
  pictures: boolean;
}

const THUMB_WIDTH = 96;
const STEPS: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** Arrow keys, Home and End move the focus along the strip (a roving Tab stop). */
function moveFocus(event: KeyboardEvent) {
  const buttons = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>('.pdf-thumbnail')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const step = STEPS[event.key];
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : step === undefined ? null : at + step;
  if (next === null) return;
  event.preventDefault();
  buttons[Math.min(buttons.length - 1, Math.max(0, next))]?.focus();
}

export function PdfThumbnails({ sizes, images, commentCounts, current, goTo, pictures }: PdfThumbnailsProps) {
  const words = pdfWords();
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  return (
    <nav class="pdf-thumbnails" aria-label={words.thumbnails}>
      <ol ref={listRef} onKeyDown={moveFocus}>
        {sizes.map((size, index) => {
          const page = index + 1;
          const comments = commentCounts.get(page) ?? 0;
          const thumbnail = pictures ? (images[index]?.thumbnailUrl ?? null) : null;
          return (
            <li key={page}>
              <button
                type="button"
                class="pdf-thumbnail"
                aria-current={page === current ? 'page' : undefined}
                tabIndex={page === current ? 0 : -1}
                aria-label={words.thumbnail(page, comments)}
                onClick={() => goTo(page)}
              >
                <span
                  class="pdf-thumbnail-frame"
                  style={{ width: `${THUMB_WIDTH}px`, height: `${Math.round((THUMB_WIDTH * size.height) / size.width)}px` }}
                >
                  {thumbnail && <img src={thumbnail} alt="" loading="lazy" decoding="async" draggable={false} />}
                </span>
                <span class="pdf-thumbnail-number" aria-hidden="true">
                  {page}
                  {comments > 0 && <span class="pdf-thumbnail-comments">{comments}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
