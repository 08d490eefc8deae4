/**
 * Attachments in the UI: the picker/drop/paste inputs and chips of a composer (new comment or
 * reply), and the attachments of a posted message (drawn by attachment-list.tsx). Names and sizes
 * are rendered as text; images show through `<img>` only (no user content becomes HTML).
 */
import type { Attachment } from '../../api/wire';
import type { AttachmentDraft } from '../../state/actions/attachment-actions';
import { DiagnosticsSummary } from './DiagnosticsSummary';
import { FileIcon, MessageAttachmentList } from './attachment-list';
import { useWidget } from '../hooks';
import { describeError, strings } from '../strings';
import { useMediaStyles } from './styles';

/** The files of one composer, with upload state, remove and retry. */
export function AttachmentChips({ composerKey }: { composerKey: string }) {
  useMediaStyles();
  const { store, actions } = useWidget().controller;
  const list = store.attachments.value[composerKey] ?? [];
  if (!list.length) return null;
  return (
    <ul class="pm-file-chips" aria-label={strings.attachments.list}>
      {list.map((draft) => (
        <li key={draft.id} class={`pm-file-chip pm-file-chip--${draft.status}`}>
          {draft.previewUrl ? <img class="pm-file-chip-thumb" src={draft.previewUrl} alt="" /> : <FileIcon />}
          <span class="pm-file-chip-name">{draft.name}</span>
          <span class="pm-muted pm-file-chip-size">{statusText(draft)}</span>
          {draft.status === 'failed' && draft.error && <span class="pm-visually-hidden">{describeError(draft.error)}</span>}
          {draft.status === 'failed' && draft.error?.code !== 'attachment_too_large' && (
            <button
              type="button"
              class="pm-button pm-button--quiet pm-file-chip-button"
              aria-label={strings.attachments.retry(draft.name)}
              onClick={() => actions.retryAttachment(composerKey, draft.id)}
            >
              ↻
            </button>
          )}
          <button
            type="button"
            class="pm-icon-button pm-file-chip-button"
            aria-label={strings.attachments.remove(draft.name)}
            onClick={() => actions.removeAttachment(composerKey, draft.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function statusText(draft: AttachmentDraft): string {
  if (draft.status === 'uploading') return strings.attachments.uploading;
  if (draft.status === 'failed') return draft.error ? fileError(draft) : strings.attachments.failed;
  return strings.attachments.size(draft.size);
}

function fileError(draft: AttachmentDraft): string {
  const error = draft.error!;
  if (error.code === 'attachment_too_large' || error.status === 413 || error.code === 'entity_too_large')
    return describeError({ ...error, code: 'attachment_too_large' });
  return `${strings.attachments.failed}: ${describeError(error)}`;
}

/** A posted message's attachments (attachment-list.tsx), the diagnostics file summarised in place. */
export function MessageAttachments({
  attachments,
  onOpenImage,
}: {
  attachments: Attachment[];
  onOpenImage: (url: string, name: string) => void;
}) {
  useMediaStyles();
  return (
    <MessageAttachmentList
      attachments={attachments}
      onOpenImage={onOpenImage}
      diagnostics={(attachment) => <DiagnosticsSummary attachment={attachment} />}
    />
  );
}
