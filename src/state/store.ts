/**
 * The widget's state as signals. The UI reads these and calls actions (actions.ts); nothing else
 * writes them. Threads are kept for the whole markup; `pageThreads` narrows them to this page.
 */
import { computed, signal } from '@preact/signals';
import { canonicalUrlOf, urlWithoutHash } from '../anchor/canonical-url';
import type { PinAnchor } from '../anchor/types';
import type { MarkupResponse, ThreadResponse, ViewMode } from '../api/wire';

export type SessionView =
  | { status: 'signed-out'; expired: boolean }
  | { status: 'signing-in' }
  | { status: 'signed-in'; userId: string; name: string };

export type Mode = 'idle' | 'commenting' | 'composing' | 'viewing-thread';

/** A failure the UI explains to the reviewer (ui/strings.ts turns it into words). */
export interface WidgetError {
  /** API error code, or a widget code: popup_blocked, sign_in_failed, sign_in_timeout, empty_message… */
  code: string;
  /** HTTP status, 0 without a response. */
  status: number;
  /** The server's or browser's message, shown when there is no better sentence. */
  message: string;
}

export type ThreadTask = 'reply' | 'resolve' | 'delete';

export function createStore() {
  const threads = signal<ThreadResponse[]>([]);
  const page = signal(currentPage());
  const markup = signal<MarkupResponse | null>(null);

  return {
    session: signal<SessionView>({ status: 'signed-out', expired: false }),
    markup,
    readOnly: computed(() => markup.value?.readOnly === true),
    viewModes: signal<ViewMode[]>([]),
    threads,
    threadsLoaded: signal(false),
    /** Canonical URL and hash-less URL of the page the reviewer is on (changes in SPAs). */
    page,
    pageThreads: computed(() =>
      threads.value.filter((thread) => isOnPage(thread, page.value)).sort((a, b) => a.number - b.number),
    ),
    mode: signal<Mode>('idle'),
    pendingPin: signal<PinAnchor | null>(null),
    openThreadId: signal<string | null>(null),
    signInPanelOpen: signal(false),
    signInError: signal<WidgetError | null>(null),
    /** Problems not tied to a form: loading threads failed, session expired… */
    notice: signal<WidgetError | null>(null),
    composer: {
      text: signal(''),
      posting: signal(false),
      error: signal<WidgetError | null>(null),
    },
    thread: {
      /** Reply drafts by thread id: closing a panel never loses what was typed. */
      drafts: signal<Record<string, string>>({}),
      busy: signal<ThreadTask | null>(null),
      error: signal<WidgetError | null>(null),
      confirmingDelete: signal(false),
    },
  };
}

export type Store = ReturnType<typeof createStore>;

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
