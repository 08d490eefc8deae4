/**
 * The open thread: its header (number, title, site, status, resolve/reopen), triage, every message
 * in the widget's formats (the widget's MessageView; with edit and delete once the thread-manage
 * chunk is here: MessageItem, and the thread's move and delete: ThreadActions), the reply box with @mentions,
 * and beside them the screenshot, the browser context, the element and the diagnostics (ThreadAside).
 * An unknown or deleted id, a lost connection or a refused action each say so, and keep the draft.
 */
import { useMemo } from 'preact/hooks';
import { MessageAttachmentList } from '../../src/ui/media/attachment-list';
import { useMediaStyles } from '../../src/ui/media/styles';
import { MessageView } from '../../src/ui/thread/MessageView';
import { deltaToPlainText } from '../../src/delta';
import { t } from '../i18n';
import { hrefFor, isPlainClick, navigate } from '../router/router';
import { describeFailure } from '../state/errors';
import { markups } from '../state/directory';
import { items } from '../state/inbox';
import { actionError, busy, loadThread, openThread, toggleResolved } from '../state/thread';
import { liveNews } from '../state/live';
import { mentionCandidates } from '../state/mentions';
import { loadThreadManage, threadManage } from './lazy-thread-manage';
import { Reply } from './Reply';
import { ThreadAside } from './ThreadAside';
import { ThreadTools } from './ThreadTools';
import { Triage } from './Triage';

const openImage = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

export function ThreadView({ threadId }: { threadId: string }) {
  useMediaStyles();
  loadThreadManage();
  const manage = threadManage.value;
  const words = t();
  const state = openThread.value;
  const markupId = state.status === 'ready' ? state.thread.projectId : '';
  // The widget's editor asks on the first `@`: the people who may be tagged on this thread's markup.
  const mentions = useMemo(() => () => mentionCandidates(markupId), [markupId]);
  const back = (
    <a
      class="back-link"
      href={hrefFor(null)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(hrefFor(null));
      }}
    >
      ← {words.thread.back}
    </a>
  );
  if (state.status === 'none' || state.status === 'loading' || state.id !== threadId)
    return (
      <div class="thread">
        {back}
        <p class="muted" role="status">
          {words.thread.loading}
        </p>
      </div>
    );
  if (state.status === 'missing' || state.status === 'error')
    return (
      <div class="thread">
        {back}
        <div class="notice notice--error" role="alert">
          <span>{state.status === 'missing' ? words.thread.missing : describeFailure(state.error)}</span>
          {state.status === 'error' && (
            <button type="button" class="button button--small" onClick={() => void loadThread(threadId)}>
              {words.errors.retry}
            </button>
          )}
        </div>
      </div>
    );

  const { thread } = state;
  const row = items.value.find((r) => r.id === thread.id);
  // A thread opened by its address may not be in the loaded list: its site is then named from the directory.
  const markupName = row?.markupName ?? markups.value?.find((markup) => markup.id === thread.projectId)?.name;
  const first = thread.messages[0];
  const title = row?.title || (first ? deltaToPlainText(first.messageJson).trim() : '') || words.thread.number(thread.number);
  const failure = actionError.value;
  return (
    <article class="thread" aria-labelledby="thread-title">
      {back}
      <header class="thread-head">
        <div class="thread-heading">
          <p class="thread-kicker">
            <span>{words.thread.number(thread.number)}</span>
            {markupName && <span> · {words.thread.on(markupName)}</span>}
            <span class={`badge ${thread.resolved ? 'badge--resolved' : 'badge--open'}`}>
              {thread.resolved ? words.thread.resolvedBadge : words.thread.openBadge}
            </span>
          </p>
          <h2 id="thread-title" class="thread-title">
            {title}
          </h2>
        </div>
        <button
          type="button"
          class={`button${thread.resolved ? '' : ' button--primary'}`}
          disabled={busy.value.resolve}
          aria-keyshortcuts="e"
          onClick={() => void toggleResolved(thread.id, !thread.resolved)}
        >
          {thread.resolved ? words.thread.reopen : words.thread.resolve}
        </button>
      </header>
      <ThreadTools thread={thread} title={title} markupName={markupName}>
        {manage && <manage.ThreadActions thread={thread} />}
      </ThreadTools>
      {failure !== null && (
        <div class="notice notice--error" role="alert">
          <span>{describeFailure(failure)}</span>
          <button type="button" class="button button--small button--quiet" onClick={() => (actionError.value = null)}>
            {words.errors.dismiss}
          </button>
        </div>
      )}
      <div class="thread-body">
        <div class="thread-main">
          <Triage thread={thread} />
          <h3 class="section-title">{words.thread.messages}</h3>
          <p class="visually-hidden" role="status">
            {liveNews.value.replies ? words.live.newReplies(liveNews.value.replies) : ''}
          </p>
          <ol class="pm-messages messages">
            {thread.messages.map((message, index) =>
              // Until the editing tools arrive (a moment after the first thread opens), messages only read.
              manage ? (
                <manage.MessageItem key={message.id} threadId={thread.id} message={message} first={index === 0} mentions={mentions} />
              ) : (
                <MessageView key={message.id} message={message}>
                  {Array.isArray(message.attachments) && (
                    <MessageAttachmentList attachments={message.attachments} onOpenImage={openImage} />
                  )}
                </MessageView>
              ),
            )}
          </ol>
          <Reply threadId={thread.id} mentions={mentions} />
        </div>
        <ThreadAside thread={thread} />
      </div>
    </article>
  );
}
