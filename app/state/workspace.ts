/**
 * The workspace view's state: the workspace (root and archive folder ids), the open folder with its
 * ancestors and items, and the changes owners and admins make — create a folder or a webpage markup,
 * rename, move, archive, restore, delete. Each change reloads the folder; a refusal (403 for members who
 * may not, 422 for a bad name or URL) is kept to show, and the caller keeps what was typed.
 */
import { signal } from '@preact/signals';
import type { FolderWithAncestorsResponse, MarkupResponse, WorkspaceResponse } from '../../src/api/wire';
import type { FolderEntry } from '../api/manage-api';
import { isGone } from './errors';
import { api, session } from './session';

export type FolderState =
  | { status: 'loading'; id: string | null }
  | { status: 'missing'; id: string | null }
  | { status: 'error'; id: string | null; error: unknown }
  | { status: 'ready'; id: string; folder: FolderWithAncestorsResponse; items: FolderEntry[]; total: number };

export const workspaceInfo = signal<WorkspaceResponse | null>(null);
export const folderState = signal<FolderState>({ status: 'loading', id: null });
/** The last change refused, shown above the list until dismissed or the next change. */
export const changeError = signal<unknown>(null);
/** The last change done, for the polite status line. */
export const changeNote = signal('');
export const changing = signal(false);

export { canManage } from './session';

let generation = 0;

async function ensureWorkspace(): Promise<WorkspaceResponse> {
  const known = workspaceInfo.peek();
  if (known && known.id === session.peek()?.workspaceId) return known;
  const fresh = await api.workspace();
  workspaceInfo.value = fresh;
  return fresh;
}

/** Loads a folder (null: the root); keeps the list on screen while the same folder reloads. */
export async function loadFolder(folderId: string | null): Promise<void> {
  const run = ++generation;
  const shown = folderState.peek();
  if (!(shown.status === 'ready' && (shown.id === folderId || (!folderId && shown.folder.kind === 'root'))))
    folderState.value = { status: 'loading', id: folderId };
  try {
    const id = folderId ?? (await ensureWorkspace()).rootFolderId;
    void ensureWorkspace().catch(() => undefined);
    const [item, list] = await Promise.all([api.item(id), api.folderItems(id)]);
    if (run !== generation) return;
    if (item.itemType !== 'folder') {
      folderState.value = { status: 'missing', id: folderId };
      return;
    }
    folderState.value = { status: 'ready', id: item.id, folder: item, items: list.items, total: list.total };
  } catch (error) {
    if (run !== generation) return;
    folderState.value = isGone(error) ? { status: 'missing', id: folderId } : { status: 'error', id: folderId, error };
  }
}

function currentFolderId(): string | null {
  const state = folderState.peek();
  return state.status === 'ready' ? state.id : null;
}

/** Runs a change; true when the server took it (the folder is then reloaded). */
async function change(action: () => Promise<unknown>, note: string): Promise<boolean> {
  changing.value = true;
  changeError.value = null;
  changeNote.value = '';
  try {
    await action();
    changeNote.value = note;
    const id = currentFolderId();
    if (id) await loadFolder(id);
    return true;
  } catch (error) {
    changeError.value = error;
    return false;
  } finally {
    changing.value = false;
  }
}

type Notes = { created: (n: string) => string; renamed: (n: string) => string; archived: (n: string) => string };

export function createFolder(name: string, note: Notes['created']): Promise<boolean> {
  const parent = currentFolderId();
  if (!parent) return Promise.resolve(false);
  return change(() => api.createFolder(parent, name.trim()), note(name.trim()));
}

/** Creates a webpage markup in the open folder; resolves to the markup, or null when refused. */
export async function createUrlMarkup(url: string, name: string, note: Notes['created']): Promise<MarkupResponse | null> {
  let made: MarkupResponse | null = null;
  const parentFolderId = currentFolderId() ?? undefined;
  const done = await change(async () => {
    made = await api.createUrlMarkup({ url: url.trim(), ...(name.trim() ? { name: name.trim() } : {}), parentFolderId });
  }, '');
  if (done && made) changeNote.value = note((made as MarkupResponse).name);
  return done ? made : null;
}

export const renameItem = (item: FolderEntry, name: string, note: Notes['renamed']) =>
  change(() => api.renameItem(item.id, name.trim()), note(name.trim()));
export const archiveItem = (item: FolderEntry, note: string) => change(() => api.archiveItems([item.id]), note);
export const restoreItem = (item: FolderEntry, note: string) => change(() => api.restoreItems([item.id]), note);
export const moveItem = (item: FolderEntry, targetFolderId: string, note: string) =>
  change(() => api.moveItems([item.id], targetFolderId), note);
export const deleteItem = (item: FolderEntry, note: string) => change(() => api.deleteItem(item.id), note);

export function clearChange(): void {
  changeError.value = null;
  changeNote.value = '';
}
