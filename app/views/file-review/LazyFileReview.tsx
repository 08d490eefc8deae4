/**
 * The markup page's way into the file review: FileReviewPage and everything behind it (viewers,
 * composer, styles, words) is a chunk of its own, fetched when a file markup's page opens, so
 * neither the app's first load nor the other managed views carry it. Loading and failing say so.
 */
import { signal } from '@preact/signals';
import type { MarkupResponse } from '../../../src/api/wire';
import { t } from '../../i18n';
import { pdfWorker, prefetchPdf } from './pdf/pdf-early';

type Module = typeof import('./FileReviewPage');
const loaded = signal<Module | null>(null);
const failed = signal(false);
let pending: Promise<void> | null = null;

function load(): void {
  if (loaded.peek() || pending) return;
  failed.value = false;
  pending = import('./FileReviewPage').then(
    (module) => void (loaded.value = module),
    () => void (failed.value = true),
  );
  void pending.finally(() => (pending = null));
}

const preloaded = new Set<string>();

/**
 * Starts the first image's (or PDF page's) preview download now, beside the chunk's, so it is not
 * fetched only after the viewer renders: a PDF's first page shows as the server's raster until pdf.js
 * has painted it.
 */
function preloadFirstImage(markup: MarkupResponse): void {
  if ((markup.type !== 'image' && markup.type !== 'pdf') || !markup.isReady) return;
  const first = [...markup.images].sort((a, b) => a.position - b.position)[0];
  const src = first?.previewUrl ?? first?.url;
  if (!src || preloaded.has(src)) return;
  preloaded.add(src);
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
}

/** The PDF and video viewers are chunks of their own: fetched now, beside the shell's, not after it has rendered. */
function preloadViewer(markup: MarkupResponse): void {
  if (markup.type === 'webpage' || !markup.isReady) return;
  if (markup.type === 'pdf') {
    void import('./pdf/PdfViewer').catch(() => undefined);
    // The worker's boot and the file are the long poles of the first page: both start now (pdf-early.ts).
    pdfWorker();
    const file = markup.images.find((image) => image.position === 0)?.url;
    if (file) prefetchPdf(file);
  }
  if (markup.type === 'video') void import('./video/VideoViewer').catch(() => undefined);
}

export function LazyFileReview({ markupId, markup }: { markupId: string; markup: MarkupResponse }) {
  load();
  preloadFirstImage(markup);
  preloadViewer(markup);
  const module = loaded.value;
  if (module) return <module.FileReviewPage markupId={markupId} markup={markup} />;
  return failed.value ? (
    <div class="empty-state" role="alert">
      <p>{t().errors.offline}</p>
      <button type="button" class="button" onClick={load}>
        {t().errors.retry}
      </button>
    </div>
  ) : (
    <p class="muted page" role="status">
      {t().loadingView}
    </p>
  );
}
