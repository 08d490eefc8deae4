/**
 * The composer of a new comment on a file, shared by the three viewers (the shell shows it in its
 * side panel, or a bottom sheet on phones): the widget's rich-text editor with @mentions of the
 * markup's taggable people (as the reply box has them), on a draft kept per markup through
 * failures, cancelling and reloads; a viewer's extra control (e.g. a video's time range) above it.
 * Ctrl/Cmd+Enter posts, Esc cancels. Refusals are said in words and keep the text.
 */
import type { ComponentChildren } from 'preact';
import { useMemo, useRef } from 'preact/hooks';
import type { Delta } from '../../../../src/api/wire';
import { EMPTY_DELTA } from '../../../../src/delta';
import { RichTextEditor, type RichTextEditorHandle } from '../../../../src/ui/editor';
import { fileReviewWords } from '../../../i18n/file-review';
import { drafts, setDraft } from '../../../state/drafts';
import { describeFailure } from '../../../state/errors';
import { draftKey } from '../../../state/file-review';
import { mentionCandidates } from '../../../state/mentions';

export interface NewThreadComposerProps {
  markupId: string;
  /** Where the comment goes, in words (e.g. "On image 2, 40% across, 12% down"). */
  placeLabel: string;
  extra?: ComponentChildren;
  posting: boolean;
  error: unknown;
  onPost: (message: Delta) => void;
  onCancel: () => void;
}

export function hasText(delta: Delta | undefined): boolean {
  return !!delta?.ops?.some((op) => (typeof op.insert === 'string' ? op.insert.trim() !== '' : op.insert !== undefined));
}

export function NewThreadComposer({ markupId, placeLabel, extra, posting, error, onPost, onCancel }: NewThreadComposerProps) {
  const words = fileReviewWords();
  const editor = useRef<RichTextEditorHandle>(null);
  const key = draftKey(markupId);
  const draft = drafts.value[key];
  const mentions = useMemo(() => () => mentionCandidates(markupId), [markupId]);
  const empty = !hasText(draft);
  const post = () => {
    const value = editor.current?.getValue() ?? draft;
    if (posting || !value || !hasText(value)) return;
    onPost(value);
  };
  const errorId = `fr-composer-error-${markupId}`;
  return (
    <section class="fr-composer" aria-labelledby="fr-composer-title">
      <h2 id="fr-composer-title" class="fr-panel-title">
        {words.composerTitle}
      </h2>
      <p class="small muted">{placeLabel}</p>
      {extra}
      <RichTextEditor
        label={words.composerLabel}
        placeholder={words.composerPlaceholder}
        value={draft ?? EMPTY_DELTA}
        onChange={(delta) => setDraft(key, delta)}
        onSubmit={post}
        onCancel={onCancel}
        mentions={mentions}
        editorRef={editor}
        invalid={error !== null}
        describedBy={error !== null ? errorId : undefined}
        autoFocus
      />
      {error !== null && (
        <p id={errorId} class="notice notice--error" role="alert">
          {describeFailure(error)}
        </p>
      )}
      <div class="actions">
        <button type="button" class="button button--quiet" onClick={onCancel}>
          {words.cancel}
        </button>
        <button type="button" class="button button--primary" disabled={posting || empty} onClick={post}>
          {posting ? words.posting : words.post}
        </button>
      </div>
    </section>
  );
}
