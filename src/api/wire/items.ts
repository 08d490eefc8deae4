/**
 * Wire types of items: folders and markups as the folder tree shows them (§2.2, §4.5).
 */
import type { Iso8601 } from './common';
import type { MarkupResponse } from './markups';

export const FOLDER_ITEM_ORDERS = ['az', 'za', 'activity', 'created'] as const;
export type FolderItemOrder = (typeof FOLDER_ITEM_ORDERS)[number];
/** root and archive exist once per workspace (WorkspaceResponse.rootFolderId / archiveFolderId). */
export type FolderKind = 'root' | 'archive' | 'folder';

/** Decided: a folder as item reads show it. `type: 'folder'` never collides with a ProjectType. */
export interface FolderItemResponse {
  itemType: 'folder';
  id: string;
  type: 'folder';
  kind: FolderKind;
  name: string;
  fallbackName: string | null;
  /** null for the root and the archive folder. */
  parentFolderId: string | null;
  workspaceId: string;
  createdAt: Iso8601;
  modifiedAt: Iso8601;
}

export interface FolderAncestor {
  id: string;
  name: string;
  kind: FolderKind;
}

/** Decided: GET /items/:id of a folder; `ancestors` runs from the root (or archive) folder down to the parent. */
export interface FolderWithAncestorsResponse extends FolderItemResponse {
  ancestors: FolderAncestor[];
}

/** Decided: a markup as item reads show it — the §2.1 shape plus the item discriminator and its folder. */
export type MarkupItemResponse = MarkupResponse & { itemType: 'markup'; parentFolderId: string };

export type ItemResponse = FolderWithAncestorsResponse | MarkupItemResponse;

/** Decided: GET /items/:id/items (the sample's 204 cannot list). Folders come before markups. */
export interface ListFolderItemsResponse {
  data: Array<FolderItemResponse | MarkupItemResponse>;
  /** More items follow in the direction of travel (after the page; before it for `before`). */
  hasMore: boolean;
  /** Pass as `since` for the page after this one; null when nothing follows. */
  nextCursor: string | null;
  /** Pass as `before` for the page before this one; null when nothing precedes. */
  prevCursor: string | null;
  /** Items in the folder (all pages). */
  total: number;
}

export interface CreateFolderRequest {
  parentFolderId: string;
  name: string;
  fallbackName?: string;
}

export interface RenameItemRequest {
  name: string;
}

export interface MoveFolderItemsRequest {
  folderItemIds: string[];
  withPath?: '0' | '1';
}
