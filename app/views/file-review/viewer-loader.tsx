/**
 * The PDF and video viewers, each a lazy chunk of its own (pdf.js alone is larger than the whole
 * app): fetched when a markup of that kind is opened. While loading, a status line; if the chunk
 * cannot load (offline), the reason in words and a retry — never a blank viewer.
 */
import { signal } from '@preact/signals';
import { fileReviewWords } from '../../i18n/file-review';
import { t } from '../../i18n';
import type { PdfViewerProps, VideoViewerProps } from './kit/contract';

type PdfModule = typeof import('./pdf/PdfViewer');
type VideoModule = typeof import('./video/VideoViewer');

const pdf = signal<PdfModule | null>(null);
const video = signal<VideoModule | null>(null);
const failed = signal<'pdf' | 'video' | null>(null);
const loading = new Set<string>();

// One import() per statement: Vite's preload wrapper lists one chunk's CSS per expression.
const loadPdf = () => import('./pdf/PdfViewer').then((module) => void (pdf.value = module));
const loadVideo = () => import('./video/VideoViewer').then((module) => void (video.value = module));

function load(kind: 'pdf' | 'video'): void {
  if ((kind === 'pdf' ? pdf : video).peek() || loading.has(kind)) return;
  loading.add(kind);
  failed.value = null;
  const chunk: Promise<void> = kind === 'pdf' ? loadPdf() : loadVideo();
  chunk.then(
    () => loading.delete(kind),
    () => {
      loading.delete(kind);
      failed.value = kind;
    },
  );
}

function Waiting({ kind }: { kind: 'pdf' | 'video' }) {
  if (failed.value === kind)
    return (
      <div class="notice notice--error fr-viewer-status" role="alert">
        <span>{fileReviewWords().viewerFailed}</span>
        <button type="button" class="button button--small" onClick={() => load(kind)}>
          {t().errors.retry}
        </button>
      </div>
    );
  return (
    <p class="muted fr-viewer-status" role="status">
      {fileReviewWords().loading}
    </p>
  );
}

export function LazyPdfViewer(props: PdfViewerProps) {
  load('pdf');
  const module = pdf.value;
  return module ? <module.PdfViewer {...props} /> : <Waiting kind="pdf" />;
}

export function LazyVideoViewer(props: VideoViewerProps) {
  load('video');
  const module = video.value;
  return module ? <module.VideoViewer {...props} /> : <Waiting kind="video" />;
}
