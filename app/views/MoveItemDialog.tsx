/**
 * The folder picker of the workspace's "Move to…": a modal dialog that walks the folder tree from
 * the root — the path so far as buttons to go back up, the open folder's subfolders as buttons to
 * go in (the moved folder itself is left out: nothing goes into itself) — and "Move here". Every
 * step is a button, so Tab and Enter do it all; Esc closes and focus returns to the item's button.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import '../styles/thread-manage.css';
import type { FolderEntry } from '../api/manage-api';
import { t } from '../i18n';
import { describeFailure } from '../state/errors';
import { api } from '../state/session';
import { changeError, changing, moveItem, workspaceInfo } from '../state/workspace';
import { FolderIcon } from './Icons';

interface Place {
  id: string;
  name: string;
}

interface MoveItemDialogProps {
  item: FolderEntry;
  /** The folder the item is in now. */
  parentId: string;
  onClose: () => void;
}

export function MoveItemDialog({ item, parentId, onClose }: MoveItemDialogProps) {
  const words = t().workspace;
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const root = workspaceInfo.value?.rootFolderId;
  const [path, setPath] = useState<Place[]>(root ? [{ id: root, name: words.root }] : []);
  const [folders, setFolders] = useState<Place[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const here = path[path.length - 1];

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    element?.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);

  useEffect(() => {
    if (!here) return;
    let live = true;
    setFolders(null);
    setFailure(null);
    api.folderItems(here.id).then(
      (list) =>
        live && setFolders(list.items.filter((e) => e.itemType === 'folder' && e.id !== item.id).map((e) => ({ id: e.id, name: e.name }))),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [here?.id]);

  const go = (next: Place[]) => {
    setPath(next);
    // The list under focus is replaced: focus goes to the dialog's heading, which names where we are.
    heading.current?.focus();
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!here) return;
    const where = path.length === 1 ? words.root : here.name;
    if (await moveItem(item, here.id, words.movedTo(item.name, where))) onClose();
  };

  return (
    <dialog ref={dialog} class="dialog folder-picker" aria-labelledby="move-item-title" onClose={onClose}>
      <form class="dialog-form" onSubmit={(event) => void submit(event)}>
        <h2 id="move-item-title" tabIndex={-1} ref={heading}>
          {words.moveTitle(item.name)}
        </h2>
        <p class="small muted">{words.moveHint}</p>
        <nav aria-label={words.moveTo}>
          <ol class="picker-path">
            {path.map((place, index) => (
              <li key={place.id}>
                {index < path.length - 1 ? (
                  <button type="button" class="link-button" onClick={() => go(path.slice(0, index + 1))}>
                    {place.name}
                  </button>
                ) : (
                  <span aria-current="location">{place.name}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        {failure !== null ? (
          <p class="notice notice--error" role="alert">
            {describeFailure(failure)}
          </p>
        ) : folders === null ? (
          <p class="muted" role="status">
            {words.loading}
          </p>
        ) : folders.length ? (
          <ul class="picker-list" aria-label={words.subfolders}>
            {folders.map((folder) => (
              <li key={folder.id}>
                <button
                  type="button"
                  class="picker-folder"
                  aria-label={words.openFolder(folder.name)}
                  onClick={() => go([...path, folder])}
                >
                  <FolderIcon /> {folder.name}
                  <span aria-hidden="true" class="picker-chevron">
                    ›
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p class="small muted">{words.noSubfolders}</p>
        )}
        {here?.id === parentId && <p class="small muted">{words.alreadyHere}</p>}
        {changeError.value !== null && (
          <p class="notice notice--error" role="alert">
            {describeFailure(changeError.value)}
          </p>
        )}
        <div class="actions">
          <button type="button" class="button button--quiet" onClick={onClose}>
            {words.cancel}
          </button>
          <button type="submit" class="button button--primary" disabled={!here || here.id === parentId || changing.value}>
            {words.moveInto}
          </button>
        </div>
      </form>
    </dialog>
  );
}
