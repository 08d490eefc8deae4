/**
 * One folder or markup in the workspace list: its name (a link into the folder or to the markup's
 * page), what it is, and — for owners and admins — rename (inline), move (a folder picker dialog),
 * archive or restore, and delete after an inline confirmation. A refused change keeps the typed name.
 */
import { useState } from 'preact/hooks';
import type { FolderEntry } from '../api/manage-api';
import { t } from '../i18n';
import { folderHref, markupHref } from '../router/router';
import { archiveItem, canManage, changing, deleteItem, renameItem, restoreItem } from '../state/workspace';
import { AppLink } from './AppLink';
import { FolderIcon, PageIcon } from './Icons';
import { MoveItemDialog } from './MoveItemDialog';

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).host + new URL(url).pathname.replace(/\/$/, '') : '';
  } catch {
    return url ?? '';
  }
}

export function WorkspaceItem({ item, archived, parentId }: { item: FolderEntry; archived: boolean; parentId: string }) {
  const words = t().workspace;
  const [mode, setMode] = useState<'none' | 'rename' | 'delete' | 'move'>('none');
  const [name, setName] = useState(item.name);
  const isFolder = item.itemType === 'folder';
  const href = isFolder ? folderHref(item.id) : markupHref(item.id);
  const url = !isFolder && 'url' in item ? item.url : undefined;
  const busy = changing.value;

  return (
    <li class="ws-item">
      <span class={`ws-icon${isFolder ? ' ws-icon--folder' : ''}`}>{isFolder ? <FolderIcon /> : <PageIcon />}</span>
      <div class="ws-main">
        {mode === 'rename' ? (
          <form
            class="inline-form"
            onSubmit={async (event) => {
              event.preventDefault();
              if (name.trim() && (await renameItem(item, name, words.renamed))) setMode('none');
            }}
          >
            <label class="visually-hidden" for={`rename-${item.id}`}>
              {words.newName}
            </label>
            <input
              id={`rename-${item.id}`}
              value={name}
              required
              maxLength={255}
              onInput={(e) => setName(e.currentTarget.value)}
              autoFocus
            />
            <button type="submit" class="button button--small button--primary" disabled={busy}>
              {words.save}
            </button>
            <button type="button" class="button button--small button--quiet" onClick={() => setMode('none')}>
              {words.cancel}
            </button>
          </form>
        ) : (
          <AppLink href={href} class="ws-name">
            {item.name}
          </AppLink>
        )}
        <span class="ws-meta small muted">
          {isFolder ? words.folder : [hostOf(url), words.threads(item.activeThreads ?? 0)].filter(Boolean).join(' · ')}
        </span>
        {mode === 'delete' && (
          <div class="ws-confirm" role="alert">
            <span>{words.confirmDelete(item.name)}</span>
            <button
              type="button"
              class="button button--small button--danger"
              disabled={busy}
              onClick={() => void deleteItem(item, words.deleted(item.name))}
            >
              {words.confirm}
            </button>
            <button type="button" class="button button--small button--quiet" onClick={() => setMode('none')}>
              {words.cancel}
            </button>
          </div>
        )}
      </div>
      {mode === 'move' && <MoveItemDialog item={item} parentId={parentId} onClose={() => setMode('none')} />}
      {canManage.value && (mode === 'none' || mode === 'move') && (
        <div class="ws-actions" role="group" aria-label={words.actionsFor(item.name)}>
          <button type="button" class="button button--small button--quiet" onClick={() => (setName(item.name), setMode('rename'))}>
            {words.rename}
          </button>
          {!archived && (
            <button type="button" class="button button--small button--quiet" aria-haspopup="dialog" onClick={() => setMode('move')}>
              {words.move}
            </button>
          )}
          {archived ? (
            <button
              type="button"
              class="button button--small button--quiet"
              disabled={busy}
              onClick={() => void restoreItem(item, words.restored(item.name))}
            >
              {words.restore}
            </button>
          ) : (
            <button
              type="button"
              class="button button--small button--quiet"
              disabled={busy}
              onClick={() => void archiveItem(item, words.archived(item.name))}
            >
              {words.archiveItem}
            </button>
          )}
          <button type="button" class="button button--small button--quiet button--danger-text" onClick={() => setMode('delete')}>
            {words.delete}
          </button>
        </div>
      )}
    </li>
  );
}
