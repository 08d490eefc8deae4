/**
 * The contract between the file-review shell (FileReviewPage) and its viewers (image, PDF, video):
 * what every viewer is given and what it may ask of the shell. Kept stable: the three viewers are
 * written against it by different people at the same time. Types only, so importing it costs nothing.
 *
 * Who does what:
 * - The shell loads the markup and its threads (and keeps them fresh: after each change here and by
 *   polling), shows the thread list, the selected thread's panel and the new-thread composer in its
 *   side panel (a bottom sheet on phones), and posts new threads. Viewers never call the API.
 * - A viewer draws the file and its pins (kit's `PinMarker`), reveals the selected thread's pin when
 *   `selectedThreadId` changes (image: shows its image; PDF: goes to its page; video: seeks to
 *   `startTime`), calls `selectThread` when a pin is activated, and `startThread(place)` when the
 *   reviewer points at a spot (click, or Enter at a keyboard-moved crosshair). While the composer is
 *   open `pending` is that place (draw it with `PinMarker` number `null`); `updatePending` changes it
 *   (e.g. a video's end time) without losing the draft; after posting or cancelling `pending` is
 *   null again and, after posting, `selectedThreadId` is the new thread.
 */
import type { ComponentChildren } from 'preact';
import type {
  ImageMarkupResponse,
  ImageThreadResponse,
  PdfMarkupResponse,
  PdfThreadResponse,
  VideoMarkupResponse,
} from '../../../../src/api/wire';
import type { FileKind, ImagePlace, PdfPlace, VideoPlace } from '../../../api/file-review-types';

export type { FileKind, FileMarkup, FileThread, ImagePlace, PdfPlace, PinPlace, VideoPlace } from '../../../api/file-review-types';

export interface KindMap {
  image: { markup: ImageMarkupResponse; thread: ImageThreadResponse; place: ImagePlace };
  video: { markup: VideoMarkupResponse; thread: ImageThreadResponse; place: VideoPlace };
  pdf: { markup: PdfMarkupResponse; thread: PdfThreadResponse; place: PdfPlace };
}

export interface ComposerOptions<K extends FileKind> {
  /**
   * Rendered inside the composer above the editor on every render of it (e.g. the video's time-range
   * field), given the current place. The shell re-renders it after `updatePending`; a viewer whose
   * extra reads its own signals is re-rendered by them as well.
   */
  renderExtra?: (place: KindMap[K]['place']) => ComponentChildren;
}

export interface FileViewerProps<K extends FileKind> {
  markup: KindMap[K]['markup'];
  /** Every thread of the markup (open and resolved), by number; a new array whenever one changed. */
  threads: readonly KindMap[K]['thread'][];
  /** The thread open in the side panel, or null. */
  selectedThreadId: string | null;
  /** Opens a thread in the side panel (null closes it); also cancels an open composer. */
  selectThread: (threadId: string | null) => void;
  /**
   * Counts up each time the reviewer asks to see the selected thread's pin again ("Show on the file"):
   * bring it into view as on a new selection (image: its image; PDF: its page; video: seek to it). The
   * shell then focuses `[data-pin="<number>"]` as soon as it exists.
   */
  revealRequest: number;
  /** Whether this member may start threads here (the markup is not read-only and grants `create-thread`). */
  canComment: boolean;
  /** The place the composer is open for, or null. */
  pending: KindMap[K]['place'] | null;
  /**
   * Opens the shared composer for a new thread at `place` (replacing any pending place, keeping the
   * draft). Focus moves into the composer; on cancel it returns to the element focused before.
   */
  startThread: (place: KindMap[K]['place'], options?: ComposerOptions<K>) => void;
  /** Moves or changes the pending place while the composer stays open (no effect when none is). */
  updatePending: (place: KindMap[K]['place']) => void;
  /** Closes the composer without posting (the draft is kept for the next one). */
  cancelThread: () => void;
}

export type ImageViewerProps = FileViewerProps<'image'>;
export type VideoViewerProps = FileViewerProps<'video'>;
export type PdfViewerProps = FileViewerProps<'pdf'>;
