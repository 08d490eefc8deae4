/**
 * The opened document as the pages need it: pdf.js itself (for the text layer), the document, the
 * shared paint queue, and how far a page is from the one being read (the queue's priority). Opened
 * once per markup: the markup is read again every half hour with freshly signed URLs, which must not
 * reopen (and repaint) the document.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { loadPdfJs, openPdf } from './pdf-engine';
import { createRenderQueue, type RenderQueue } from './render-queue';

export interface PdfSource {
  pdfjs: Awaited<ReturnType<typeof loadPdfJs>>;
  doc: PDFDocumentProxy;
  queue: RenderQueue;
  distance: (page: number) => number;
}

export type PdfSourceState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; source: PdfSource };

/** Opens the markup's PDF (`url`, read once per `markupId`); `currentPage` feeds the paint order. */
export function usePdfSource(markupId: string, url: string | null, currentPage: { current: number }): PdfSourceState {
  const [state, setState] = useState<PdfSourceState>({ status: 'loading' });
  const urlRef = useRef(url);
  urlRef.current = url;
  useEffect(() => {
    const first = urlRef.current;
    if (!first) {
      setState({ status: 'failed' });
      return;
    }
    let closed = false;
    let destroy: (() => Promise<void>) | null = null;
    setState({ status: 'loading' });
    Promise.all([loadPdfJs(), openPdf(first)])
      .then(([pdfjs, opened]) => {
        destroy = opened.destroy;
        if (closed) return void opened.destroy();
        const source: PdfSource = {
          pdfjs,
          doc: opened.doc,
          queue: createRenderQueue(),
          distance: (page) => Math.abs(page - currentPage.current),
        };
        setState({ status: 'ready', source });
      })
      .catch(() => {
        if (!closed) setState({ status: 'failed' });
      });
    return () => {
      closed = true;
      void (destroy as (() => Promise<void>) | null)?.();
    };
  }, [markupId]);
  return state;
}
