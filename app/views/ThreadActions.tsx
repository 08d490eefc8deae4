/**
 * What owners and admins do to a whole thread besides resolving it: move it to another site of the
 * workspace (a modal dialog with the sites to choose from; focus returns to the button), and delete
 * it after an inline confirmation. Shown only where the server allows it (the member's role for a
 * move, the thread's `delete-thread` scope for a delete); a refusal is shown by ThreadView.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ThreadResponse } from '../../src/api/wire';
import { threadEditWords } from '../i18n/thread-edits';
import { markups } from '../state/directory';
import { canManage } from '../state/session';
import { describeFailure } from '../state/errors';
import { actionError, busy } from '../state/thread';
import { moveToMarkup, removeThread } from '../state/thread-edits';

function MoveDialog({ thread, onClose, onMoved }: { thread: ThreadResponse; onClose: () => void; onMoved: (site: string) => void }) {
  const words = threadEditWords();
  const dialog = useRef<HTMLDialogElement>(null);
  const targets = (markups.value ?? []).filter((m) => m.type === 'webpage' && m.id !== thread.projectId && m.status !== 'archived');
  const [target, setTarget] = useState(targets[0]?.id ?? '');
  const moving = !!busy.value.move;
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    actionError.value = null;
    element?.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (target && (await moveToMarkup(thread.id, target))) {
      onMoved(targets.find((m) => m.id === target)?.name ?? '');
      onClose();
    }
  };
  return (
    <dialog ref={dialog} class="dialog" aria-labelledby="move-title" onClose={onClose}>
      <form class="dialog-form" onSubmit={(event) => void submit(event)}>
        <h2 id="move-title">{words.moveTitle(thread.number)}</h2>
        <p class="small muted">{words.moveHint}</p>
        {targets.length ? (
          <label class="field">
            <span>{words.moveTarget}</span>
            <select value={target} onChange={(e) => setTarget(e.currentTarget.value)} autoFocus>
              {targets.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p role="status">{markups.value ? words.noTargets : words.loadingTargets}</p>
        )}
        {actionError.value !== null && (
          <p class="notice notice--error" role="alert">
            {describeFailure(actionError.value)}
          </p>
        )}
        <div class="actions">
          <button type="button" class="button button--quiet" onClick={onClose}>
            {words.cancel}
          </button>
          <button type="submit" class="button button--primary" disabled={!target || moving}>
            {moving ? words.moving : words.move}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export interface ThreadActionsProps {
  thread: ThreadResponse;
  /** Where "move to another site" makes no sense (a thread on a file): false. */
  canMove?: boolean;
  /** After a delete: instead of going to the inbox (the file review stays on its file). */
  onDeleted?: () => void;
}

export function ThreadActions({ thread, canMove = true, onDeleted }: ThreadActionsProps) {
  const words = threadEditWords();
  const [mode, setMode] = useState<'none' | 'move' | 'delete'>('none');
  const [note, setNote] = useState('');
  const canDelete = Array.isArray(thread.scopes) && thread.scopes.includes('delete-thread');
  const mayMove = canMove && canManage.value;
  // `autoFocus` acts only on page load: the confirmation, shown later, takes the focus itself.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mode === 'delete') confirmButton.current?.focus();
  }, [mode]);
  if (!mayMove && !canDelete) return null;
  const remove = async () => {
    const done = await removeThread(thread.id, { stay: !!onDeleted });
    if (!done) setMode('none');
    else onDeleted?.();
  };
  return (
    <>
      <div class="thread-actions" role="group" aria-label={words.actions}>
        {mayMove && (
          <button type="button" class="button button--small" aria-haspopup="dialog" onClick={() => setMode('move')}>
            {words.moveButton}
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            class="button button--small button--quiet button--danger-text"
            aria-expanded={mode === 'delete'}
            onClick={() => setMode('delete')}
          >
            {words.deleteThread}
          </button>
        )}
        <span class="small muted" role="status">
          {note}
        </span>
      </div>
      {mode === 'delete' && (
        <div class="ws-confirm thread-confirm" role="group" aria-label={words.deleteThread}>
          <span>{words.confirmDeleteThread(thread.number)}</span>
          <button
            type="button"
            class="button button--small button--danger"
            disabled={!!busy.value.deleteThread}
            ref={confirmButton}
            onClick={() => void remove()}
          >
            {words.confirmDelete}
          </button>
          <button type="button" class="button button--small button--quiet" onClick={() => setMode('none')}>
            {words.cancel}
          </button>
        </div>
      )}
      {mode === 'move' && <MoveDialog thread={thread} onClose={() => setMode('none')} onMoved={(site) => setNote(words.moved(site))} />}
    </>
  );
}
