/**
 * The workspace view (/app/workspace, /app/workspace/folders/:id): the folder's path, its folders
 * and sites, the creation forms and each item's changes for owners and admins (others read, and
 * are told why there are no controls), and the archive. An unknown folder id says so with a way
 * back; a refused change shows the server's reason and keeps what was typed.
 */
import { useEffect } from 'preact/hooks';
import { t } from '../i18n';
import { folderHref } from '../router/router';
import { describeFailure } from '../state/errors';
import { session } from '../state/session';
import { canManage, changeError, changeNote, clearChange, folderState, loadFolder, workspaceInfo } from '../state/workspace';
import { AppLink } from './AppLink';
import { WorkspaceForms } from './WorkspaceForms';
import { WorkspaceItem } from './WorkspaceItem';

export function Workspace({ folderId }: { folderId: string | null }) {
  const words = t().workspace;
  const workspaceId = session.value?.workspaceId;
  useEffect(() => {
    clearChange();
    void loadFolder(folderId);
  }, [folderId, workspaceId]);

  const state = folderState.value;
  const label = (kind: string, name: string) => (kind === 'root' ? words.root : kind === 'archive' ? words.archive : name);
  if (state.status !== 'ready')
    return (
      <div class="page">
        <h1 class="page-title">{words.title}</h1>
        {state.status === 'loading' ? (
          <p class="muted" role="status">
            {words.loading}
          </p>
        ) : (
          <div class="notice notice--error" role="alert">
            <span>{state.status === 'missing' ? words.missing : describeFailure(state.error)}</span>
            {state.status === 'missing' ? (
              <AppLink href={folderHref(null)}>{words.showFolders}</AppLink>
            ) : (
              <button type="button" class="button button--small" onClick={() => void loadFolder(folderId)}>
                {t().errors.retry}
              </button>
            )}
          </div>
        )}
      </div>
    );

  const { folder, items } = state;
  const archived = folder.kind === 'archive' || folder.ancestors.some((a) => a.kind === 'archive');
  const archiveId = workspaceInfo.value?.archiveFolderId;
  return (
    <div class="page">
      {folder.ancestors.length > 0 && (
        <nav class="crumbs" aria-label={words.breadcrumbs}>
          <ol>
            {folder.ancestors.map((a) => (
              <li key={a.id}>
                <AppLink href={folderHref(a.kind === 'root' ? null : a.id)}>{label(a.kind, a.name)}</AppLink>
              </li>
            ))}
            <li>
              <span aria-current="page">{label(folder.kind, folder.name)}</span>
            </li>
          </ol>
        </nav>
      )}
      <div class="page-head">
        <h1 class="page-title">{label(folder.kind, folder.name)}</h1>
        {canManage.value && <WorkspaceForms archived={archived} key={folder.id} />}
      </div>
      {!canManage.value && <p class="notice notice--info">{words.readOnly}</p>}
      {changeError.value !== null && (
        <div class="notice notice--error" role="alert">
          <span>{describeFailure(changeError.value)}</span>
          <button type="button" class="button button--small button--quiet" onClick={clearChange}>
            {t().errors.dismiss}
          </button>
        </div>
      )}
      <p class="small muted" role="status">
        {changeNote.value}
      </p>
      {items.length ? (
        <ul class="ws-list" aria-label={words.items}>
          {items.map((item) => (
            <WorkspaceItem key={item.id} item={item} archived={folder.kind === 'archive'} parentId={folder.id} />
          ))}
        </ul>
      ) : (
        <p class="muted ws-empty">{words.empty}</p>
      )}
      <p class="ws-foot">
        {archived ? (
          <AppLink href={folderHref(null)}>{words.showFolders}</AppLink>
        ) : (
          archiveId && <AppLink href={folderHref(archiveId)}>{words.showArchive}</AppLink>
        )}
      </p>
    </div>
  );
}
