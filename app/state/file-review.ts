/**
 * The file review of one image, PDF or video markup (issue 17): the markup, polled until conversion
 * has made it ready (`isReady`) or has failed for good (`conversion.status`), its threads (kept
 * fresh by polling while the tab is visible, and by the open thread: a reply or a resolve there
 * updates the list), the selected thread (opened through
 * thread.ts, so the app's reply, resolve and edit code is the same as the inbox's) and the composer's
 * pending place, posted as a file thread. Failures are kept to say in words; nothing typed is lost.
 */
import { computed, effect, signal } from '@preact/signals';
import type { Delta, MarkupConversionError, MarkupResponse } from '../../src/api/wire';
import { deltaToPlainText, normalizeDelta } from '../../src/delta';
import { createFileReviewApi, type CreateFileThreadBody } from '../api/file-review-api';
import type { FileMarkup, FileThread, PinPlace } from '../api/file-review-types';
import { clearDraft, drafts, setDraft } from './drafts';
import { isGone } from './errors';
import { loadThread, openThread } from './thread';
import { credential } from './session';

export type FileReviewState =
  | { status: 'loading'; id: string }
  | { status: 'missing'; id: string }
  | { status: 'error'; id: string; error: unknown }
  | { status: 'preparing'; id: string; markup: FileMarkup; since: number }
  /** Conversion failed for good (a damaged file): nothing to wait for; the reviewer uploads it again. */
  | { status: 'failed'; id: string; markup: FileMarkup; error: MarkupConversionError }
  | { status: 'ready'; id: string; markup: FileMarkup };

export const review = signal<FileReviewState>({ status: 'loading', id: '' });
export const threads = signal<readonly FileThread[]>([]);
/** The last failed refresh of the threads (shown as a quiet notice until one succeeds). */
export const threadsError = signal<unknown>(null);
export const selectedThreadId = signal<string | null>(null);
export const pending = signal<PinPlace | null>(null);
/**
 * Posts on their way: the place each was written for and its text. The reviewer may start another
 * comment meanwhile; a post that ends closes only its own composer (`pending` still its place).
 */
export const sending = signal<readonly { place: PinPlace; message: Delta }[]>([]);
/** Whether the open composer's comment is on its way. */
export const posting = computed(() => {
  const place = pending.value;
  return !!place && sending.value.some((post) => post.place === place);
});
/** Counts up when the composer starts afresh (its editor is made again, from the draft as it is now). */
export const composerRound = signal(0);
export const postError = signal<unknown>(null);

const api = createFileReviewApi(credential);

/** While converting: every second for 10 s, then every 2 s, then every 5 s after a minute. */
export function preparingDelay(waitedMs: number): number {
  return waitedMs < 10_000 ? 1000 : waitedMs < 60_000 ? 2000 : 5000;
}
const THREADS_EVERY_MS = 15_000;
/** Signed file URLs last at least an hour; the markup is read again well before. */
const MARKUP_EVERY_MS = 30 * 60_000;

const NOT_CONVERTED: MarkupConversionError = { code: 'not_converted', message: '' };

export const draftKey = (markupId: string) => `file:${markupId}`;
export const isFileMarkup = (markup: MarkupResponse): markup is FileMarkup => markup.type !== 'webpage';

function byNumber(list: FileThread[]): FileThread[] {
  return [...list].sort((a, b) => a.number - b.number);
}

async function refreshThreads(markupId: string, run: () => boolean): Promise<void> {
  try {
    const list = await api.threads(markupId);
    if (!run()) return;
    threads.value = byNumber(list);
    threadsError.value = null;
  } catch (error) {
    if (run()) threadsError.value = error;
  }
}

/**
 * Starts the review of `markupId` (`known`: the markup already read by the markup page); returns
 * the stop function, which ends every timer and request of it.
 */
export function startFileReview(markupId: string, known?: MarkupResponse): () => void {
  let live = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const current = () => live;
  const start = Date.now();
  threads.value = [];
  threadsError.value = null;
  selectedThreadId.value = null;
  pending.value = null;
  postError.value = null;

  const schedule = (fn: () => void, ms: number) => {
    clearTimeout(timer);
    if (live) timer = setTimeout(fn, ms);
  };
  const show = (markup: MarkupResponse) => {
    if (!isFileMarkup(markup)) return void (review.value = { status: 'error', id: markupId, error: new Error('webpage') });
    if (markup.isReady) {
      review.value = { status: 'ready', id: markupId, markup };
      void refreshThreads(markupId, current);
      schedule(poll, THREADS_EVERY_MS);
    } else if (markup.conversion?.status === 'failed') {
      // Final (docs/api-decisions.md, "conversion"): polling stops; an older server never says so.
      review.value = { status: 'failed', id: markupId, markup, error: markup.conversion.error ?? NOT_CONVERTED };
    } else {
      review.value = { status: 'preparing', id: markupId, markup, since: start };
      schedule(() => void read(), preparingDelay(Date.now() - start));
    }
  };
  const read = async () => {
    try {
      const markup = await api.markup(markupId);
      if (live) show(markup);
    } catch (error) {
      if (!live) return;
      if (isGone(error)) review.value = { status: 'missing', id: markupId };
      else if (review.peek().status === 'preparing') schedule(() => void read(), 5000);
      else review.value = { status: 'error', id: markupId, error };
    }
  };
  let lastMarkupRead = Date.now();
  // Hidden tabs skip a round; the next visible one catches up.
  const poll = () => {
    if (document.visibilityState === 'visible') {
      if (Date.now() - lastMarkupRead > MARKUP_EVERY_MS) {
        lastMarkupRead = Date.now();
        void api.markup(markupId).then(
          (m) => live && isFileMarkup(m) && (review.value = { status: 'ready', id: markupId, markup: m }),
          () => undefined,
        );
      }
      void refreshThreads(markupId, current);
    }
    schedule(poll, THREADS_EVERY_MS);
  };
  const onVisible = () =>
    document.visibilityState === 'visible' && review.peek().status === 'ready' && void refreshThreads(markupId, current);
  document.addEventListener('visibilitychange', onVisible);

  // The open thread is the newest copy of its row: replies, resolving and edits there show here.
  const stopSync = effect(() => {
    const open = openThread.value;
    if (open.status !== 'ready') return;
    const fresh = open.thread as unknown as FileThread;
    const list = threads.peek();
    const at = list.findIndex((thread) => thread.id === fresh.id);
    if (at >= 0 && list[at] !== fresh) threads.value = list.map((thread, i) => (i === at ? { ...thread, ...fresh } : thread));
  });

  if (known && known.id === markupId) show(known);
  else {
    review.value = { status: 'loading', id: markupId };
    void read();
  }
  return () => {
    live = false;
    clearTimeout(timer);
    stopSync();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Opens a thread in the side panel (null closes it) and closes the composer. */
export function selectThread(threadId: string | null): void {
  pending.value = null;
  postError.value = null;
  selectedThreadId.value = threadId;
  // A closed thread is no longer "the open thread" the app's keys (e: resolve) act on.
  if (threadId) void loadThread(threadId);
  else openThread.value = { status: 'none' };
}

function bodyOf(markup: FileMarkup, place: PinPlace, message: Delta): CreateFileThreadBody {
  const { kind: _kind, ...fields } = place;
  return { isImageThread: true, projectId: markup.id, ...fields, message: normalizeDelta(message) };
}

const sameText = (a: Delta | undefined, b: Delta) => !!a && JSON.stringify(normalizeDelta(a)) === JSON.stringify(normalizeDelta(b));
const hasText = (delta: Delta | undefined) => !!delta && deltaToPlainText(delta).trim() !== '';

/**
 * Opens the composer at `place` (replacing the pending place and keeping the draft) — or, when the
 * draft is the text of a comment on its way, a new comment: the post holds that text, so this one
 * starts empty (and the post's end does not touch it).
 */
export function openComposer(markupId: string, place: PinPlace): void {
  const key = draftKey(markupId);
  if (sending.peek().some((post) => sameText(drafts.peek()[key], post.message))) {
    clearDraft(key);
    composerRound.value++;
  }
  postError.value = null;
  selectedThreadId.value = null;
  pending.value = place;
}

/** The thread was deleted (from its panel): gone from the list and the pins, its panel closed. */
export function forgetThread(threadId: string): void {
  threads.value = threads.peek().filter((thread) => thread.id !== threadId);
  if (selectedThreadId.peek() === threadId) selectThread(null);
}

/**
 * Posts the pending place with `message`. True when the server took it and its composer was still
 * open — then closed, with the new thread selected. A composer opened meanwhile is left alone; the
 * draft is cleared only while it is still the posted text. A refusal after the reviewer moved on
 * reopens the refused comment with its text (and anything typed since after it): nothing is lost.
 */
export async function postThread(markup: FileMarkup, message: Delta, idempotencyKey: string): Promise<boolean> {
  const place = pending.peek();
  if (!place || sending.peek().some((post) => post.place === place)) return false;
  const post = { place, message };
  sending.value = [...sending.peek(), post];
  postError.value = null;
  const key = draftKey(markup.id);
  const stillHere = () => review.peek().id === markup.id;
  try {
    const created = await api.createThread(bodyOf(markup, place, message), idempotencyKey);
    if (!stillHere()) return false;
    if (sameText(drafts.peek()[key], message)) clearDraft(key);
    threads.value = byNumber([...threads.peek().filter((thread) => thread.id !== created.id), created]);
    if (pending.peek() !== place) return false;
    pending.value = null;
    selectedThreadId.value = created.id;
    openThread.value = { status: 'ready', id: created.id, thread: created as never };
    return true;
  } catch (error) {
    if (!stillHere()) return false;
    if (pending.peek() !== place) {
      const now = drafts.peek()[key];
      const typed = hasText(now) && !sameText(now, message);
      setDraft(key, typed ? normalizeDelta({ ops: [...message.ops, ...now!.ops] }) : message);
      selectedThreadId.value = null;
      pending.value = place;
      composerRound.value++;
    }
    postError.value = error;
    return false;
  } finally {
    sending.value = sending.peek().filter((entry) => entry !== post);
  }
}
