/**
 * A posted message's attachments, presentational: image thumbnails that open full size, other files
 * as links to the storage's signed address (served as downloads), and the diagnostics file through
 * the `diagnostics` slot (left out without one). Names are rendered as text, images through `<img>`
 * only. The widget's MessageAttachments and the review app (app/) both render this.
 */
import type { ComponentChild } from 'preact';
import type { Attachment } from '../../api/wire';
import { DIAGNOSTICS_FILENAME } from '../../state/actions/diagnostics-summary';
import { strings } from '../strings';

export interface MessageAttachmentListProps {
  attachments: Attachment[];
  onOpenImage: (url: string, name: string) => void;
  /** How the diagnostics file shows; without it the file is not listed (the caller shows it elsewhere). */
  diagnostics?: (attachment: Attachment) => ComponentChild;
}

export function isDiagnostics(attachment: Attachment): boolean {
  return attachment.originalFilename === DIAGNOSTICS_FILENAME && attachment.mimeType === 'application/json';
}

export function MessageAttachmentList({ attachments, onOpenImage, diagnostics }: MessageAttachmentListProps) {
  const usable = attachments.filter(
    (a) => a && typeof a.url === 'string' && /^https?:/i.test(a.url) && (diagnostics !== undefined || !isDiagnostics(a)),
  );
  if (!usable.length) return null;
  return (
    <ul class="pm-attachments">
      {usable.map((attachment) =>
        isDiagnostics(attachment) ? (
          <li key={attachment.id} class="pm-attachment pm-attachment--diagnostics">
            {diagnostics?.(attachment)}
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
export function FileIcon() {
  return (
    <svg class="pm-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M6 3h8l4 4v14H6zM14 3v4h4" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" />
    </svg>
  );
}
