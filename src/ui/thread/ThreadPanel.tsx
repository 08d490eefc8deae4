/**
 * The open thread, beside the element it is about (a bottom sheet on small screens): messages (rich text as elements, never HTML), a rich-text reply
 * box whose draft survives a reload, resolve/reopen and delete with an inline confirmation.
 * Controls appear only when the thread's scopes allow them.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { ThreadResponse } from '../../api/wire';
import { allows } from '../../state/model/helpers';
import { EMPTY_DELTA } from '../../delta';
import { RichTextEditor } from '../editor';
import { AttachButton, dropProps, pasteFilesProps } from '../files';
import { useFollowPin } from '../follow';
import { launcherOf, pinOf, useDialogFocus } from '../focus';
import { useReview, useWidget } from '../hooks';
import { AttachmentChips, ScreenshotView } from '../lazy-media';
import { useMentionSource } from '../mentions';
import { describeError, strings } from '../strings';
import { Message } from './Message';
import { SendStatus } from './SendStatus';

export function ThreadPanel({ thread }: { thread: ThreadResponse }) {
  const { controller, host } = useWidget();
  const { engine } = useReview();
  const { store, actions } = controller;
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useFollowPin(thread.id, dialog);
  // Back to the pin (or, when it is gone — a deleted thread — the launcher).
  useDialogFocus(dialog, () => pinOf(host, thread.id) ?? launcherOf(host));

  useEffect(() => {
    closeButton.current?.focus({ preventScroll: true });
  }, [thread.id]);

  const busy = store.thread.busy.value;
  const problem = store.thread.error.value;
  const confirming = store.thread.confirmingDelete.value;
  const draft = store.drafts.value[thread.id];
  // A comment still in the outbox has no number yet.
  const unsent = thread.id in store.sending.value;
  const mentions = useMentionSource();
  const messages = Array.isArray(thread.messages) ? thread.messages : [];
  const resolved = thread.resolved === true;
  const openImage = (url: string, label: string) => actions.viewImage(url, label);
  const attach = (files: File[]) => actions.addAttachments(thread.id, files);

  return (
    <div
      ref={dialog}
      class={`pm-popover pm-thread${resolved ? ' pm-thread--resolved' : ''}`}
      role="dialog"
      aria-label={unsent ? strings.send.title : strings.thread.dialog(thread.number)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          actions.closeThread();
        }
      }}
      {...(allows(thread, 'reply') ? dropProps(attach) : {})}
    >
      <div class="pm-thread-header">
        <h2 class="pm-title">{unsent ? strings.send.title : strings.thread.title(thread.number)}</h2>
        {resolved && <span class="pm-badge">{strings.thread.resolvedBadge}</span>}
        <button
          ref={closeButton}
          type="button"
          class="pm-icon-button"
          aria-label={strings.thread.close}
          onClick={() => actions.closeThread()}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>

      <SendStatus localId={thread.id} />

      <ScreenshotView thread={thread} onOpen={openImage} />

      <ol class="pm-messages">
        {messages.length === 0 && <li class="pm-muted">{strings.thread.noMessages}</li>}
        {messages.map((message, index) => (
          <Message key={message.id} threadId={thread.id} message={message} first={index === 0} onOpenImage={openImage} />
        ))}
      </ol>

      {problem && (
        <p class="pm-error" role="alert">
          {describeError(problem)}
        </p>
      )}

      {engine.status.value.orphaned.includes(thread.id) && <p class="pm-muted pm-paused-note">{strings.thread.notPlaced}</p>}
      {engine.status.value.hidden.includes(thread.id) && <p class="pm-muted pm-paused-note">{strings.thread.notShown}</p>}

      {store.readOnly.value && !allows(thread, 'reply') && <p class="pm-muted pm-paused-note">{strings.launcher.pausedHint}</p>}

      {allows(thread, 'reply') && (
        <div class="pm-reply" {...pasteFilesProps(attach)}>
          <RichTextEditor
            label={strings.thread.replyTextarea}
            placeholder={strings.thread.replyPlaceholder}
            value={draft ?? EMPTY_DELTA}
            onChange={(delta) => actions.setDraft(thread.id, delta)}
            onSubmit={() => actions.reply(thread.id)}
            mentions={mentions}
            invalid={problem?.code === 'empty_message'}
          />
          <AttachmentChips composerKey={thread.id} />
          <div class="pm-reply-actions">
            <AttachButton onFiles={attach} disabled={busy !== null} />
            <button
              type="button"
              class="pm-button pm-button--primary"
              disabled={busy !== null}
              aria-busy={busy === 'reply' ? 'true' : undefined}
              onClick={() => void actions.reply(thread.id)}
            >
              {busy === 'reply' && <span class="pm-spinner" aria-hidden="true" />}
              {strings.thread.sendReply}
            </button>
          </div>
        </div>
      )}

      <div class="pm-actions pm-thread-actions">
        {allows(thread, 'move-pin') && (
          <button
            type="button"
            class="pm-button"
            disabled={busy !== null || store.savingPins.value.has(thread.id)}
            onClick={() => actions.startPinMove(thread.id)}
          >
            {strings.move.button}
          </button>
        )}
        {allows(thread, 'resolve-thread') && (
          <button
            type="button"
            class="pm-button"
            disabled={busy !== null}
            aria-busy={busy === 'resolve' ? 'true' : undefined}
            onClick={() => void (resolved ? actions.reopen(thread.id) : actions.resolve(thread.id))}
          >
            {resolved ? strings.thread.reopen : strings.thread.resolve}
          </button>
        )}
        {allows(thread, 'delete-thread') &&
          (confirming ? (
            <div class="pm-confirm" role="group" aria-label={strings.thread.confirmQuestion}>
              <span>{strings.thread.confirmQuestion}</span>
              <button
                type="button"
                class="pm-button pm-button--danger"
                disabled={busy !== null}
                aria-busy={busy === 'delete' ? 'true' : undefined}
                onClick={() => void actions.deleteThread(thread.id)}
              >
                {strings.thread.confirmDelete}
              </button>
              <button type="button" class="pm-button" disabled={busy !== null} onClick={() => actions.askDelete(false)}>
                {strings.thread.keep}
              </button>
            </div>
          ) : (
            <button type="button" class="pm-button pm-button--quiet" disabled={busy !== null} onClick={() => actions.askDelete(true)}>
              {strings.thread.delete}
            </button>
          ))}
      </div>
    </div>
  );
}
