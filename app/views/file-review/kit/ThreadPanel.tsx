/**
 * The selected thread of a file review, in the shell's side panel: number and status, resolve or
 * reopen, every message and the reply box — the app's own pieces (MessageView / MessageItem with
 * edit and delete from the thread-manage chunk, the thread's delete with its confirmation:
 * ThreadActions, Reply, thread.ts's actions), so a file thread is answered exactly like a webpage
 * one. "Show on the file" hands focus back to the pin.
 */
import { useMemo } from 'preact/hooks';
import { MessageAttachmentList } from '../../../../src/ui/media/attachment-list';
import { useMediaStyles } from '../../../../src/ui/media/styles';
import { MessageView } from '../../../../src/ui/thread/MessageView';
import { t } from '../../../i18n';
import { fileReviewWords } from '../../../i18n/file-review';
import { describeFailure } from '../../../state/errors';
import { mentionCandidates } from '../../../state/mentions';
import { actionError, busy, loadThread, openThread, toggleResolved } from '../../../state/thread';
import { loadThreadManage, threadManage } from '../../lazy-thread-manage';
import { Reply } from '../../Reply';

const openImage = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

export interface ThreadPanelProps {
  threadId: string;
  markupId: string;
  onClose: () => void;
  /** Moves focus to the thread's pin on the file. */
  onShowPin?: () => void;
  /** The thread was deleted (here, with the app's own confirmation: ThreadActions). */
  onDeleted: () => void;
}

export function ThreadPanel({ threadId, markupId, onClose, onShowPin, onDeleted }: ThreadPanelProps) {
  useMediaStyles();
  loadThreadManage();
  const manage = threadManage.value;
  const words = t();
  const fileWords = fileReviewWords();
  const mentions = useMemo(() => () => mentionCandidates(markupId), [markupId]);
  const state = openThread.value;
  const close = (
    <button type="button" class="button button--small button--quiet" onClick={onClose}>
      {fileWords.closeThread}
    </button>
  );
  if (state.status === 'none' || state.status === 'loading' || state.id !== threadId)
    return (
      <section class="fr-thread" aria-busy="true">
        <p class="muted" role="status">
          {words.thread.loading}
        </p>
        {close}
      </section>
    );
  if (state.status === 'missing' || state.status === 'error')
    return (
      <section class="fr-thread">
        <div class="notice notice--error" role="alert">
          <span>{state.status === 'missing' ? words.thread.missing : describeFailure(state.error)}</span>
          {state.status === 'error' && (
            <button type="button" class="button button--small" onClick={() => void loadThread(threadId)}>
              {words.errors.retry}
            </button>
          )}
        </div>
        {close}
      </section>
    );

  const { thread } = state;
  const failure = actionError.value;
  return (
    <section class="fr-thread" aria-labelledby="fr-thread-title">
      <header class="fr-thread-head">
        <h2 id="fr-thread-title" class="fr-panel-title">
          {fileWords.threadOf(thread.number)}{' '}
          <span class={`badge ${thread.resolved ? 'badge--resolved' : 'badge--open'}`}>
            {thread.resolved ? words.thread.resolvedBadge : words.thread.openBadge}
          </span>
        </h2>
        <div class="fr-thread-tools">
          {onShowPin && (
            <button type="button" class="button button--small button--quiet" onClick={onShowPin}>
              {fileWords.showPin}
            </button>
          )}
          <button
            type="button"
            class={`button button--small${thread.resolved ? '' : ' button--primary'}`}
            disabled={busy.value.resolve}
            onClick={() => void toggleResolved(thread.id, !thread.resolved)}
          >
            {thread.resolved ? words.thread.reopen : words.thread.resolve}
          </button>
          {close}
        </div>
      </header>
      {manage && <manage.ThreadActions thread={thread} canMove={false} onDeleted={onDeleted} />}
      {failure !== null && (
        <div class="notice notice--error" role="alert">
          <span>{describeFailure(failure)}</span>
          <button type="button" class="button button--small button--quiet" onClick={() => (actionError.value = null)}>
            {words.errors.dismiss}
          </button>
        </div>
      )}
      <ol class="pm-messages messages" aria-label={words.thread.messages}>
        {thread.messages.map((message, index) =>
          manage ? (
            <manage.MessageItem key={message.id} threadId={thread.id} message={message} first={index === 0} mentions={mentions} />
          ) : (
            <MessageView key={message.id} message={message}>
              {Array.isArray(message.attachments) && <MessageAttachmentList attachments={message.attachments} onOpenImage={openImage} />}
            </MessageView>
          ),
        )}
      </ol>
      <Reply threadId={thread.id} mentions={mentions} />
    </section>
  );
}
