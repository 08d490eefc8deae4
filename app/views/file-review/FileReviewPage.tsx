/**
 * The review page of an image, PDF or video markup (/app/markups/:id of a file markup, issue 17):
 * waits for conversion with visible progress (or says why it failed and what to do), then lays out the file's viewer (image here, PDF and
 * video as lazy chunks) beside the list of comments, with the selected thread or the new comment's
 * composer on top of it (a bottom sheet on phones). It owns the contract's side of every viewer
 * (kit/contract.ts): threads kept fresh, selection, the pending place and posting it.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Delta, MarkupResponse } from '../../../src/api/wire';
import { t } from '../../i18n';
import { fileReviewWords } from '../../i18n/file-review';
import { folderHref, hrefFor } from '../../router/router';
import { describeFailure } from '../../state/errors';
import {
  composerRound,
  forgetThread,
  openComposer,
  pending,
  postError,
  postThread,
  posting,
  review,
  selectedThreadId,
  selectThread,
  startFileReview,
  threads,
  threadsError,
} from '../../state/file-review';
import { AppLink } from '../AppLink';
import { ConversionFailed } from './ConversionFailed';
import '../../styles/file-review.css';
import { ImageViewer } from './image/ImageViewer';
import type { FileMarkup, FileThread, PinPlace } from './kit/contract';
import { NewThreadComposer } from './kit/NewThreadComposer';
import { ThreadPanel } from './kit/ThreadPanel';
import { placeLabel } from './place-label';
import { ThreadList } from './ThreadList';
import { LazyPdfViewer, LazyVideoViewer } from './viewer-loader';
import { PreparingNotice } from './PreparingNotice';

const touchOnly = () => typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches;
const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export function FileReviewPage({ markupId, markup: known }: { markupId: string; markup?: MarkupResponse }) {
  const words = fileReviewWords();
  const [attempt, setAttempt] = useState(0);
  // Layout effect: with the markup already known, the viewer is in the first frame painted, not the one after.
  useLayoutEffect(() => startFileReview(markupId, attempt ? undefined : known), [markupId, attempt]);
  const state = review.value;

  if (state.id !== markupId || state.status === 'loading')
    return (
      <p class="muted page" role="status">
        {words.loading}
      </p>
    );
  if (state.status === 'missing' || state.status === 'error')
    return (
      <div class="page">
        <div class="notice notice--error" role="alert">
          <span>{state.status === 'missing' ? t().markupPage.missing : describeFailure(state.error)}</span>
          {state.status === 'missing' ? (
            <AppLink href={folderHref(null)}>{t().workspace.showFolders}</AppLink>
          ) : (
            <button type="button" class="button button--small" onClick={() => setAttempt((n) => n + 1)}>
              {t().errors.retry}
            </button>
          )}
        </div>
      </div>
    );
  return (
    <div class="page fr-page">
      <Head markup={state.markup} />
      {state.status === 'preparing' ? (
        <PreparingNotice since={state.since} />
      ) : state.status === 'failed' ? (
        <ConversionFailed markup={state.markup} error={state.error} />
      ) : (
        <Review markup={state.markup} />
      )}
    </div>
  );
}

function Head({ markup }: { markup: FileMarkup }) {
  const folderId = 'parentFolderId' in markup ? (markup.parentFolderId as string | null) : null;
  return (
    <div class="fr-head">
      <AppLink href={folderHref(folderId)} class="back-link">
        ← {t().workspace.title}
      </AppLink>
      <h1 class="page-title fr-title">{markup.name}</h1>
      <AppLink href={hrefFor(null, new URLSearchParams({ status: 'all', markupId: markup.id }))} class="button button--small">
        {t().markupPage.openInbox}
      </AppLink>
    </div>
  );
}

function Review({ markup }: { markup: FileMarkup }) {
  const words = fileReviewWords();
  const list = threads.value;
  const selected = selectedThreadId.value;
  const place = pending.value;
  const viewerBox = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const extra = useRef<((place: never) => ComponentChildren) | null>(null);
  const [revealRequest, setRevealRequest] = useState(0);
  const [deleted, setDeleted] = useState('');
  // "Comment 3 deleted." stays until the reviewer opens something else.
  useEffect(() => {
    if (selected || place) setDeleted('');
  }, [selected, place]);
  const canComment = !markup.readOnly && (markup.scopes ?? []).includes('create-thread');

  const giveFocusBack = () => {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) requestAnimationFrame(() => target.focus({ preventScroll: true }));
  };
  const contract = {
    threads: list as never,
    selectedThreadId: selected,
    selectThread,
    revealRequest,
    canComment,
    pending: place as never,
    startThread: (next: PinPlace, options?: { renderExtra?: (place: never) => ComponentChildren }) => {
      if (!canComment) return;
      if (!pending.peek()) returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      extra.current = options?.renderExtra ?? null;
      openComposer(markup.id, next);
    },
    updatePending: (next: PinPlace) => {
      if (pending.peek()) pending.value = next;
    },
    cancelThread: () => {
      pending.value = null;
      postError.value = null;
      giveFocusBack();
    },
  };
  const post = async (message: Delta) => {
    if (await postThread(markup, message, newKey())) giveFocusBack();
  };
  // The pin may appear only after the viewer has revealed it (another image, page or moment): tried for ~1 s.
  const focusPin = (thread: FileThread, frames = 60) => {
    const pin = viewerBox.current?.querySelector<HTMLElement>(`[data-pin="${thread.number}"]`);
    if (pin) pin.focus();
    else if (frames > 0) requestAnimationFrame(() => focusPin(thread, frames - 1));
  };
  const showPin = (thread: FileThread) => {
    setRevealRequest((n) => n + 1);
    requestAnimationFrame(() => focusPin(thread));
  };
  const selectedThread = list.find((thread) => thread.id === selected);
  const sheetOpen = !!place || !!selected;

  return (
    <div class={`fr-layout${sheetOpen ? ' fr-layout--sheet' : ''}`}>
      <div class="fr-viewer" ref={viewerBox} role="region" aria-label={words.fileLabel(words.kinds[markup.type])}>
        {markup.type === 'image' ? (
          <ImageViewer markup={markup} {...contract} />
        ) : markup.type === 'pdf' ? (
          <LazyPdfViewer markup={markup} {...contract} />
        ) : (
          <LazyVideoViewer markup={markup} {...contract} />
        )}
      </div>
      <aside class="fr-side" aria-label={words.comments}>
        {sheetOpen && (
          <div class="fr-sheet">
            {place ? (
              <NewThreadComposer
                key={composerRound.value}
                markupId={markup.id}
                placeLabel={placeLabel(markup, place)}
                extra={extra.current?.(place as never)}
                posting={posting.value}
                error={postError.value}
                onPost={(message) => void post(message)}
                onCancel={contract.cancelThread}
              />
            ) : (
              selected && (
                <ThreadPanel
                  threadId={selected}
                  markupId={markup.id}
                  onClose={() => {
                    const thread = selectedThread;
                    selectThread(null);
                    if (thread) requestAnimationFrame(() => focusPin(thread, 1));
                  }}
                  onShowPin={selectedThread ? () => showPin(selectedThread) : undefined}
                  onDeleted={() => {
                    if (selectedThread) setDeleted(words.deleted(selectedThread.number));
                    forgetThread(selected);
                    // The panel is gone: focus goes to the list of comments, which now lacks it.
                    requestAnimationFrame(() => document.getElementById('fr-list-title')?.focus());
                  }}
                />
              )
            )}
          </div>
        )}
        {!canComment && <p class="notice notice--info small">{words.readOnly}</p>}
        {threadsError.value !== null && (
          <p class="small muted" role="status">
            {words.refreshFailed}
          </p>
        )}
        <ThreadList
          threads={list}
          selectedThreadId={selected}
          onSelect={selectThread}
          note={deleted}
          emptyText={touchOnly() ? words.noCommentsTouch : words.noComments}
        />
      </aside>
    </div>
  );
}
