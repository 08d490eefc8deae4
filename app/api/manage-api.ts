/**
 * The review app's workspace and metrics endpoints (issue 16, second slice): the workspace, the
 * folder tree as items (§4.5), webpage markups from a URL, installations and their origins, and the
 * product metrics (§4.9). Written on the client's `request`, like app-api.ts, beside which it is
 * spread; kept apart so each file stays one concern.
 */
import type { ApiClient } from '../../src/api';
import type {
  FolderItemResponse,
  InstallationSummary,
  ItemResponse,
  ListFolderItemsResponse,
  ListInstallationsResponse,
  MarkupItemResponse,
  MarkupResponse,
  ProjectMetricsPage,
  ProjectWorkspaceTotals,
  UserMetricsPage,
  UserWorkspaceTotals,
  WorkspaceResponse,
} from '../../src/api/wire';

export type FolderEntry = FolderItemResponse | MarkupItemResponse;
export interface MetricsRange {
  startDate: string;
  endDate: string;
}

/** At most this many items of one folder are shown (pages of 100 through `since`). */
const MAX_FOLDER_ITEMS = 500;

export function manageEndpoints(request: ApiClient['request']) {
  const id = encodeURIComponent;
  return {
    workspace: () => request<WorkspaceResponse>('GET', '/workspace'),
    item: (itemId: string) => request<ItemResponse>('GET', `/items/${id(itemId)}`),
    folderItems: async (folderId: string): Promise<{ items: FolderEntry[]; total: number }> => {
      const items: FolderEntry[] = [];
      let since: string | undefined;
      let total: number;
      do {
        const page = await request<ListFolderItemsResponse>('GET', `/items/${id(folderId)}/items`, { query: { limit: 100, since } });
        items.push(...(page?.data ?? []));
        total = page?.total ?? items.length;
        since = page?.hasMore && page.nextCursor ? page.nextCursor : undefined;
      } while (since && items.length < MAX_FOLDER_ITEMS);
      return { items, total };
    },
    createFolder: (parentFolderId: string, name: string) => request<undefined>('POST', '/items', { body: { parentFolderId, name } }),
    renameItem: (itemId: string, name: string) => request<undefined>('PATCH', `/items/${id(itemId)}`, { body: { name } }),
    archiveItems: (ids: string[]) => request<undefined>('PATCH', '/items/archive', { body: { folderItemIds: ids } }),
    /** Back where they were archived from when that folder still exists, else to the root. */
    restoreItems: (ids: string[]) => request<undefined>('PATCH', '/items/restore', { body: { folderItemIds: ids, withPath: '1' } }),
    /** Folders (with everything inside) and markups into another folder: owners and admins. */
    moveItems: (ids: string[], targetFolderId: string) =>
      request<undefined>('PATCH', '/items/move', { body: { folderItemIds: ids, targetFolderId } }),
    deleteItem: (itemId: string) => request<undefined>('DELETE', `/items/${id(itemId)}`),
    createUrlMarkup: (body: { url: string; name?: string; parentFolderId?: string }) =>
      request<MarkupResponse>('POST', '/markups/url', { body }),
    installations: async (): Promise<InstallationSummary[]> =>
      (await request<ListInstallationsResponse>('GET', '/installations'))?.installations ?? [],
    allowOrigin: (installationId: string, origin: string) =>
      request<InstallationSummary>('POST', `/installations/${id(installationId)}/origins`, { body: { origin } }),

    userMetrics: (range: MetricsRange, signal?: AbortSignal) =>
      request<UserMetricsPage>('GET', '/product-metrics/user', { query: { ...range, limit: 100 }, signal }),
    projectMetrics: (range: MetricsRange, signal?: AbortSignal) =>
      request<ProjectMetricsPage>('GET', '/product-metrics/project', { query: { ...range, limit: 100 }, signal }),
    userTotals: (range: MetricsRange, signal?: AbortSignal) =>
      request<UserWorkspaceTotals>('GET', '/product-metrics/user/workspace-totals', { query: { ...range }, signal }),
    projectTotals: (range: MetricsRange, signal?: AbortSignal) =>
      request<ProjectWorkspaceTotals>('GET', '/product-metrics/project/workspace-totals', { query: { ...range }, signal }),
  };
}
