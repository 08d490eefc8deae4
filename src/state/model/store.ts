/**
 * The widget's state as signals. The UI reads these and calls actions (controller.ts); nothing else
 * writes them. Threads are kept for the whole markup; `pageThreads` narrows them to this page.
 */
import { computed, signal } from '@preact/signals';
import { canonicalUrlOf, urlWithoutHash } from '../../anchor/canonical-url';
import type { PinAnchor } from '../../anchor/types';
import type { Delta, MarkupResponse, ThreadResponse, ViewMode, ViewModeCategory } from '../../api/wire';
import type { OptimisticEntry } from './optimistic';
import type {
  AttachmentDraft,
  DiagnosticsState,
  MentionCandidate,
  Mode,
  RecordingState,
  ScreenshotDraft,
  SendStatus,
  SessionView,
  ThreadTask,
  WidgetError,
} from './shapes';
export { clipKey, editKey, NEW_THREAD } from './shapes';
export type {
  AttachmentDraft,
  DiagnosticsState,
  MentionCandidate,
  Mode,
  RecordingState,
  ScreenshotDraft,
  SendStatus,
  SessionView,
  ThreadTask,
  WidgetError,
} from './shapes';
import { categoryOfThread, viewModeCategory, type ViewModeBreakpoints } from './view-mode';

export function createStore(breakpoints?: ViewModeBreakpoints) {
  const threads = signal<ThreadResponse[]>([]);
  const page = signal(currentPage());
  const markup = signal<MarkupResponse | null>(null);
  const viewModes = signal<ViewMode[]>([]);
  const viewMode = signal<ViewModeCategory>(viewModeCategory(window.innerWidth, breakpoints));
  const showAllModes = signal(false);
  /** The device class the host set with `setViewMode` (null: the viewport's). */
  const viewModeOverride = signal<ViewModeCategory | null>(null);
  const pageThreads = computed(() => threads.value.filter((thread) => isOnPage(thread, page.value)).sort((a, b) => a.number - b.number));
  /** Threads of this page made on another device class than the current one. */
  const otherModeThreads = computed(() => {
    const current = viewMode.value;
    const modes = viewModes.value;
    return pageThreads.value.filter((thread) => {
      const category = categoryOfThread(thread, modes);
      return category !== null && category !== current;
    });
  });

  return {
    session: signal<SessionView>({ status: 'signed-out', expired: false }),
    markup,
    readOnly: computed(() => markup.value?.readOnly === true),
    viewModes,
    threads,
    threadsLoaded: signal(false),
    /** Canonical URL and hash-less URL of the page the reviewer is on (changes in SPAs). */
    page,
    pageThreads,
    /** The device class of the viewport now (changes live when a breakpoint is crossed). */
    viewMode,
    /** The reviewer asked to see pins made on every device class, not only the current one. */
    showAllModes,
    viewModeOverride,
    otherModeThreads,
    /** The threads whose pins are drawn: this page's, of this device class unless all are shown. */
    shownThreads: computed(() => {
      if (showAllModes.value) return pageThreads.value;
      const others = new Set(otherModeThreads.value);
      return others.size ? pageThreads.value.filter((thread) => !others.has(thread)) : pageThreads.value;
    }),
    mode: signal<Mode>('idle'),
    pendingPin: signal<PinAnchor | null>(null),
    openThreadId: signal<string | null>(null),
    signInPanelOpen: signal(false),
    signInError: signal<WidgetError | null>(null),
    /** Issue 18: the installation takes reports from guests (its public config said so), and the guest form's state. */
    guests: signal<{ allowed: boolean; sending: boolean; error: WidgetError | null }>({ allowed: false, sending: false, error: null }),
    /** Problems not tied to a form: loading threads failed, session expired… */
    notice: signal<WidgetError | null>(null),
    /**
     * What the reviewer typed and has not sent, by composer: `new`, a thread id (its reply) or
     * `edit:<messageId>`. Mirrored to storage (drafts.ts), so a reload loses nothing.
     */
    drafts: signal<Record<string, Delta>>({}),
    /** The message being edited in place (its draft is `edit:<id>`). */
    editingMessage: signal<string | null>(null),
    /** Messages with an edit or delete on its way (shown optimistically meanwhile). */
    messageTasks: signal<Record<string, 'saving' | 'deleting'>>({}),
    /** Comments waiting in the outbox, by local id (`local:…`): sending, waiting to retry, or failed. */
    sending: signal<Record<string, SendStatus>>({}),
    /** The same comments as the UI shows them (rebuilt from the outbox after a reload). */
    optimistic: signal<OptimisticEntry[]>([]),
    /** The browser says it is offline: comments wait and go out when it is back. */
    offline: signal(false),
    /** People who can be @mentioned on this markup (GET /markups/:id/tag), once asked for. */
    mentionCandidates: signal<MentionCandidate[] | null>(null),
    composer: {
      posting: signal(false),
      error: signal<WidgetError | null>(null),
      /** The new comment's screenshot: capturing (with its phase), ready, failed or none. */
      screenshot: signal<ScreenshotDraft>({ status: 'none' }),
      /** The annotation editor is open over the composer. */
      annotating: signal(false),
      /** A screen recording of the tab for the new comment: starting, running, or why it failed. */
      recording: signal<RecordingState>({ status: 'idle' }),
    },
    /** Files being attached, per composer: `new` (the new comment) or a thread id (its reply). */
    attachments: signal<Record<string, AttachmentDraft[]>>({}),
    /** An image shown full size over the page (a screenshot or an attached image). */
    lightbox: signal<{ url: string; label: string } | null>(null),
    /** Diagnostics files of QA reports, read back for the thread view, by attachment id. */
    diagnostics: signal<Record<string, DiagnosticsState>>({}),
    /** Screenshots of posted threads still uploading in the background, or failed (retry in the notice). */
    screenshotUploads: signal<Record<string, { status: 'uploading' | 'failed'; error?: WidgetError }>>({}),
    /** The thread whose pin is being moved with the keyboard (arrow keys; Enter saves, Esc cancels). */
    pinMove: signal<string | null>(null),
    /** Threads whose moved pin is being saved (shown optimistically meanwhile). */
    savingPins: signal<ReadonlySet<string>>(new Set()),
    thread: {
      busy: signal<ThreadTask | null>(null),
      error: signal<WidgetError | null>(null),
      confirmingDelete: signal(false),
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/** Replaces one thread of the store by `change(thread)` (nothing happens when it is not there). */
export function updateThread(store: Store, threadId: string, change: (thread: ThreadResponse) => ThreadResponse): void {
  store.threads.value = store.threads.peek().map((thread) => (thread.id === threadId ? change(thread) : thread));
}

export interface PageIdentity {
  canonicalUrl: string;
  url: string;
}

export function currentPage(doc: Document = document): PageIdentity {
  return { canonicalUrl: canonicalUrlOf(doc), url: urlWithoutHash(doc.URL) };
}

/** A thread belongs to this page when its canonical URL matches (or, without one, its URL sans hash). */
export function isOnPage(thread: ThreadResponse, page: PageIdentity): boolean {
  if (thread.canonicalUrl) return thread.canonicalUrl === page.canonicalUrl;
  return !!thread.originalUrl && urlWithoutHash(thread.originalUrl) === page.url;
}
