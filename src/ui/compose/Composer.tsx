/** The new-comment panel beside the element being commented on (a bottom sheet on small screens). What is typed is a draft (store and storage): nothing is lost. */
import { useComputed } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { EMPTY_DELTA } from '../../delta';
import { RichTextEditor } from '../editor';
import { AttachButton, dropProps, pasteFilesProps } from '../files';
import { useFollowPin } from '../follow';
import { launcherOf, useDialogFocus } from '../focus';
import { useWidget } from '../hooks';
import { AttachmentChips } from '../lazy-media';
import { useMentionSource } from '../mentions';
import { PENDING } from '../positions';
import { describeError, strings } from '../strings';
import { NEW_THREAD } from '../../state/model/store';
import { ScreenshotDraft } from './ScreenshotDraft';
import { ClipDraft, RecordButton, RecordingBar, useRecordingActive } from './RecordClip';

export function Composer() {
  const { controller, host, touchOnly: touch } = useWidget();
  const touchOnly = touch.value;
  const { store, actions } = controller;
  const { posting, error } = store.composer;
  const dialog = useRef<HTMLDivElement>(null);
  const mentions = useMentionSource();
  // The page is not scrolled for a sheet while the screenshot of what the reviewer saw is taken.
  const capturing = useComputed(() => store.composer.screenshot.value.status === 'capturing');
  useFollowPin(PENDING, dialog, { holdScroll: capturing });
  useDialogFocus(dialog, () => launcherOf(host));

  const signedOut = store.session.value.status === 'signed-out';
  const busy = posting.value;
  const problem = error.value;
  const attach = (files: File[]) => actions.addAttachments(NEW_THREAD, files);
  const recording = useRecordingActive(dialog);

  return (
    <>
      {recording && <RecordingBar />}
      <div
        ref={dialog}
        class={`pm-popover pm-composer${recording ? ' pm-composer--recording' : ''}`}
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
        <div {...pasteFilesProps(attach)}>
          <RichTextEditor
            label={strings.composer.textarea}
            placeholder={strings.composer.placeholder}
            value={store.drafts.value[NEW_THREAD] ?? EMPTY_DELTA}
            onChange={(delta) => actions.setDraft(NEW_THREAD, delta)}
            onSubmit={() => actions.createThread()}
            onCancel={() => actions.cancelComposer()}
            mentions={mentions}
            invalid={problem?.code === 'empty_message' || problem?.code === 'message_too_long'}
            disabled={busy}
            autoFocus
          />
        </div>
        <AttachmentChips composerKey={NEW_THREAD} />
        <ClipDraft />
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
          <RecordButton disabled={busy} />
          {/* No keyboard, no shortcut to mention; the span keeps the buttons at the end. */}
          <span class="pm-muted pm-shortcut">{touchOnly ? '' : strings.composer.shortcut}</span>
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
    </>
  );
}
