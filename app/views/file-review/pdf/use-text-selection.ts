/**
 * Follows the reader's text selection in the pages: while words of one page are selected (mouse drag,
 * long press, Shift+arrows with caret browsing), their `textHighlight` and where the "Comment on
 * selection" button goes (just below the selection's end, in percent of that page).
 */
import { useEffect, useState } from 'preact/hooks';
import type { TextHighlight } from '../../../../src/api/wire';
import { highlightFromSelection, highlightRects, type PercentRect } from './text-highlight';

export interface SelectionDraft {
  pageNumber: number;
  highlight: TextHighlight;
  /** The highlight's rectangles on its page: the last one's end holds the pin and the button. */
  rects: PercentRect[];
}

export function useTextSelection(scroller: { current: HTMLElement | null }, enabled: boolean) {
  const [draft, setDraft] = useState<SelectionDraft | null>(null);
  useEffect(() => {
    if (!enabled) {
      setDraft(null);
      return;
    }
    let frame = 0;
    const read = () => {
      frame = 0;
      const selection = document.getSelection();
      const root = scroller.current;
      const anchor = selection?.anchorNode ?? null;
      const found = root && anchor && root.contains(anchor) ? highlightFromSelection(selection) : null;
      if (!found) return setDraft(null);
      const page = root!.querySelector<HTMLElement>(`.pdf-page[data-page="${found.pageNumber}"]`);
      const layer = page?.querySelector('.textLayer');
      const rects = page && layer ? highlightRects(layer, page, found.highlight) : [];
      setDraft(rects.length ? { ...found, rects } : null);
    };
    const onChange = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [enabled]);
  const clear = () => {
    document.getSelection()?.removeAllRanges();
    setDraft(null);
  };
  return { draft, clear };
}
