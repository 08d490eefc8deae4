/** The new-comment popover beside the pending pin. The text lives in the store: nothing typed is lost. */
import { useEffect, useRef } from 'preact/hooks';
import { dropProps, filesOf } from '../files';
import { useFollowPin } from '../follow';
import { useWidget } from '../hooks';
import { AttachButton, AttachmentChips } from '../lazy';
import { PENDING } from '../positions';
import { describeError, strings } from '../strings';
import { NEW_THREAD } from '../../state/store';
import { ScreenshotDraft } from './ScreenshotDraft';

export function Composer() {
  const { controller } = useWidget();
  const { store, actions } = controller;
  const { text, posting, error } = store.composer;
  const dialog = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useFollowPin(PENDING, dialog);

  useEffect(() => {
    textarea.current?.focus({ preventScroll: true });
  }, []);

  const signedOut = store.session.value.status === 'signed-out';
  const busy = posting.value;
  const problem = error.value;
  const attach = (files: File[]) => actions.addAttachments(NEW_THREAD, files);

  return (
    <div
      ref={dialog}
      class="pm-popover pm-composer"
      role="dialog"
      aria-label={strings.composer.dialog}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          actions.cancelComposer();
        } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void actions.createThread();
        }
      }}
      {...dropProps(attach)}
    >
      <textarea
        ref={textarea}
        class="pm-textarea"
        aria-label={strings.composer.textarea}
        placeholder={strings.composer.placeholder}
        rows={3}
        maxLength={20_000}
        value={text.value}
        onInput={(event) => actions.setComposerText(event.currentTarget.value)}
        aria-invalid={problem?.code === 'empty_message' ? 'true' : undefined}
        onPaste={(event) => {
          const files = filesOf(event.clipboardData);
          if (!files.length) return;
          event.preventDefault();
          attach(files);
        }}
      />
      <AttachmentChips composerKey={NEW_THREAD} />
      <ScreenshotDraft />
      {problem && (
        <p class="pm-error" role="alert">
          {describeError(problem)}
        </p>
      )}
      {signedOut && (
        <button type="button" class="pm-button" onClick={() => actions.signIn()}>
          {strings.composer.signInAgain}
        </button>
      )}
      <div class="pm-actions">
        <AttachButton onFiles={attach} disabled={busy} />
        <span class="pm-muted pm-shortcut">{strings.composer.shortcut}</span>
        <button type="button" class="pm-button" onClick={() => actions.cancelComposer()} disabled={busy}>
          {strings.composer.cancel}
        </button>
        <button
          type="button"
          class="pm-button pm-button--primary"
          onClick={() => void actions.createThread()}
          disabled={busy}
          aria-busy={busy ? 'true' : undefined}
        >
          {busy && <span class="pm-spinner" aria-hidden="true" />}
          {strings.composer.post}
        </button>
      </div>
    </div>
  );
}
