/**
 * Attachments in the UI: the picker/drop/paste inputs and chips of a composer (new comment or
 * reply), and the attachments of a posted message. Names and sizes are rendered as text; images
 * show through `<img>` only (no user content becomes HTML); other files open in a new tab from the
 * storage's signed address, which serves them as downloads.
 */
import type { Attachment } from '../../api/wire';
import type { AttachmentDraft } from '../../state/actions/attachment-actions';
import { DIAGNOSTICS_FILENAME } from '../../state/actions/diagnostics-summary';
import { DiagnosticsSummary } from './DiagnosticsSummary';
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

/** A posted message's attachments: image thumbnails, file links, and the diagnostics summary. */
export function MessageAttachments({
  attachments,
  onOpenImage,
}: {
  attachments: Attachment[];
  onOpenImage: (url: string, name: string) => void;
}) {
  useMediaStyles();
  const usable = attachments.filter((a) => a && typeof a.url === 'string' && /^https?:/i.test(a.url));
  if (!usable.length) return null;
  return (
    <ul class="pm-attachments">
      {usable.map((attachment) =>
        attachment.originalFilename === DIAGNOSTICS_FILENAME && attachment.mimeType === 'application/json' ? (
          <li key={attachment.id} class="pm-attachment pm-attachment--diagnostics">
            <DiagnosticsSummary attachment={attachment} />
          </li>
        ) : attachment.mimeType?.startsWith('image/') ? (
          <li key={attachment.id} class="pm-attachment">
            <button
              type="button"
              class="pm-thumb-button"
              aria-label={strings.attachments.open(attachment.originalFilename)}
              onClick={() => onOpenImage(attachment.url, attachment.originalFilename)}
            >
              <img class="pm-thumb" src={attachment.url} alt={attachment.originalFilename} loading="lazy" />
            </button>
          </li>
        ) : (
          <li key={attachment.id} class="pm-attachment">
            <a class="pm-file-link" href={attachment.url} target="_blank" rel="noopener noreferrer nofollow">
              <FileIcon />
              {attachment.originalFilename || 'file'}
            </a>{' '}
            <span class="pm-muted">{strings.attachments.size(attachment.filesize ?? 0)}</span>
          </li>
        ),
      )}
    </ul>
  );
}

// Drawn, not emoji: emoji fonts are missing on many systems (and render as boxes).
function FileIcon() {
  return (
    <svg class="pm-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M6 3h8l4 4v14H6zM14 3v4h4" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" />
    </svg>
  );
}
