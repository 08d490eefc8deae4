/**
 * What a file markup shows when the server could not prepare it (conversion `failed`, e.g. a damaged
 * upload) instead of waiting for ever: why, in the reviewer's language (by the server's code; an
 * unknown code shows the server's own sentence), and what to do — delete it and upload it again.
 */
import type { MarkupConversionError } from '../../../src/api/wire';
import { fileReviewWords } from '../../i18n/file-review';
import { folderHref } from '../../router/router';
import { AppLink } from '../AppLink';
import type { FileMarkup } from './kit/contract';

function reasonOf(markup: FileMarkup, error: MarkupConversionError): string {
  const reasons = fileReviewWords().failedReason;
  switch (error.code) {
    case 'unreadable':
      return reasons.unreadable[markup.type];
    case 'too_large':
      return reasons.tooLarge;
    case 'too_many_pages':
      return reasons.tooManyPages;
    case 'not_converted':
      return reasons.notConverted;
    default:
      return error.message || reasons.notConverted;
  }
}

export function ConversionFailed({ markup, error }: { markup: FileMarkup; error: MarkupConversionError }) {
  const words = fileReviewWords();
  const folderId = 'parentFolderId' in markup ? (markup.parentFolderId as string | null) : null;
  return (
    <div class="panel fr-preparing fr-failed" role="alert" aria-labelledby="fr-failed-title">
      <h2 id="fr-failed-title" class="fr-preparing-title">
        {words.failedTitle}
      </h2>
      <p>{reasonOf(markup, error)}</p>
      <p class="small">{words.failedWhatToDo}</p>
      <AppLink href={folderHref(folderId)} class="button button--small">
        {words.failedToFolder}
      </AppLink>
    </div>
  );
}
