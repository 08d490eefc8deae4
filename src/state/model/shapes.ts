/**
 * The shapes the store holds, in one leaf module of the model floor: the store, the action groups
 * and the UI all name them, so they live below all of them (declaring them beside the actions that
 * fill them made the store import its own users).
 */
import type { WidgetErrorCode } from './error-codes';

export type SessionView =
  { status: 'signed-out'; expired: boolean } | { status: 'signing-in' } | { status: 'signed-in'; userId: string; name: string };

export type Mode = 'idle' | 'commenting' | 'composing' | 'viewing-thread';

/** A failure the UI explains to the reviewer (ui/strings.ts turns it into words). */
export interface WidgetError {
  /**
   * A code the widget knows words for (error-codes.ts), or a server code it does not know yet
   * (kept as it came, for the host's `error` event; the reviewer reads the server's message).
   */
  code: WidgetErrorCode | (string & {});
  /** HTTP status, 0 without a response. */
  status: number;
  /** The server's or browser's message, shown when there is no better sentence. */
  message: string;
  /** What failed underneath, for errors that wrap another (a pin move that was refused…). */
  cause?: WidgetError;
}

/** The attachments and draft key of the new-comment composer (replies use their thread id). */
export const NEW_THREAD = 'new';
/** The draft key of an edit of a message. */
export const editKey = (messageId: string) => `edit:${messageId}`;

/** Where an unsent comment stands; a sent one leaves the outbox (and this list). */
export interface SendStatus {
  status: 'pending' | 'sending' | 'failed';
  /** The last failure: kept while retrying (shown as "will retry"), final when failed. */
  error?: WidgetError;
}

/** Someone who can be @mentioned. */
export interface MentionCandidate {
  id: string;
  name: string;
  email?: string;
}

export type ThreadTask = 'reply' | 'resolve' | 'delete';

/** A file being attached to a message (attachment-actions.ts). */
export interface AttachmentDraft {
  id: string;
  name: string;
  size: number;
  type: string;
  status: 'uploading' | 'uploaded' | 'failed';
  fileId?: string;
  error?: WidgetError;
  /** Object URL of an image, for its thumbnail. */
  previewUrl?: string;
  /** A screen recording's frame in pixels (clips only: the server asks for it). */
  width?: number;
  height?: number;
}

/** The composer key of a composer's screen recording (kept apart from its attachments: it is sent as a clip). */
export const clipKey = (composer: string) => `clip:${composer}`;

/** The new comment's screen recording while it runs (clip-actions.ts); the clip itself is an upload under `clipKey`. */
export type RecordingState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; startedAt: number; maxMs: number }
  | { status: 'failed'; error: WidgetError };

/** The new comment's screenshot (screenshot-actions.ts). */
export type ScreenshotDraft =
  | { status: 'none' }
  | { status: 'capturing'; phase: string }
  | { status: 'ready'; previewUrl: string; width: number; height: number; annotated: boolean }
  | { status: 'failed'; error: WidgetError };

/** What the thread view shows of a QA report's diagnostics file (diagnostics-summary.ts reads it). */
export interface DiagnosticsView {
  consoleErrors: number;
  consoleWarnings: number;
  failedRequests: number;
  console: { level: string; message: string }[];
  requests: { method: string; url: string; status: number; durationMs: number | null }[];
}

export type DiagnosticsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; view: DiagnosticsView };
