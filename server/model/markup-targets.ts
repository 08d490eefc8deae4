/**
 * Where a new or moved markup may go, and which URLs may become webpage markups. Shared by the
 * single and the bulk endpoints so both refuse the same things with the same words; bulk turns
 * each refusal into a detail of its one 422.
 */
import { queryOne, type Db } from '../db/db.ts';
import { validationFailed } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';

const notAFolder = (path: string) =>
  validationFailed(`${path}: not a folder of this workspace`, [{ path, message: 'not a live folder of the workspace' }]);

/**
 * A folder new markups may be placed in: live, of this workspace, and neither the archive folder
 * nor inside it (archived things are restored, not added to). Absent → the workspace root.
 * Anything else → 422 on `path`. Call it inside the transaction that writes.
 */
export async function placementFolder(
  db: Db,
  workspace: { id: string; root_folder_id: string },
  folderId: string | undefined,
  path = 'parentFolderId',
): Promise<string> {
  // Items' tree changes (archive, restore, folder delete) hold the workspace row FOR UPDATE: sharing
  // it keeps a folder from moving into the archive between this check and the caller's commit.
  await db.query('SELECT 1 FROM workspaces WHERE id = $1 FOR SHARE', [workspace.id]);
  if (folderId === undefined) return workspace.root_folder_id;
  if (!isUuid(folderId)) throw notAFolder(path);
  const row = await queryOne<{ id: string; archived: boolean }>(
    db,
    `WITH RECURSIVE chain AS (
       SELECT id, parent_id, kind, deleted_at FROM folders WHERE id = $1 AND workspace_id = $2
       UNION ALL
       SELECT f.id, f.parent_id, f.kind, f.deleted_at FROM folders f JOIN chain c ON f.id = c.parent_id
     )
     SELECT $1::uuid AS id, bool_or(kind = 'archive') AS archived FROM chain HAVING count(*) > 0 AND bool_and(deleted_at IS NULL)`,
    [folderId.toLowerCase(), workspace.id],
  );
  if (!row) throw notAFolder(path);
  if (row.archived) {
    throw validationFailed(`${path}: the archive holds archived items only; restore the folder first`, [
      { path, message: 'archived folder' },
    ]);
  }
  return row.id;
}

/** Extensions of files rather than pages: a URL ending in one cannot be reviewed as a webpage. */
const SUPPORTED_FILE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'mp4', 'webm'];
const OTHER_FILE_EXTENSIONS = [
  'svg',
  'bmp',
  'tif',
  'tiff',
  'ico',
  'heic',
  'avif',
  'mov',
  'avi',
  'mkv',
  'm4v',
  'mp3',
  'wav',
  'ogg',
  'flac',
  'zip',
  'gz',
  'tgz',
  'tar',
  'rar',
  '7z',
  'exe',
  'dmg',
  'msi',
  'apk',
  'iso',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
];

/**
 * §4.4 "must lead to a webpage or a supported file type", decided without fetching anything (the
 * server never calls arbitrary URLs): an http(s) URL is a webpage unless its path ends in a file
 * extension. Supported file types need their bytes, so they are pointed at POST /markups/file;
 * other files are refused outright. Returns the problem, or null.
 */
export function webpageUrlProblem(raw: string): string | null {
  const url = new URL(raw);
  if (url.username || url.password) return 'must not contain a user name or password';
  if (!url.hostname) return 'must name a host';
  const segment = url.pathname.split('/').pop() ?? '';
  let last: string;
  try {
    last = decodeURIComponent(segment).toLowerCase();
  } catch {
    last = segment.toLowerCase();
  }
  const ext = /\.([a-z0-9]{1,5})$/.exec(last)?.[1];
  if (ext && SUPPORTED_FILE_EXTENSIONS.includes(ext)) {
    return `points at a .${ext} file, not a webpage: upload the file with POST /api/v2/markups/file (or /markups/bulk/from-files)`;
  }
  if (ext && OTHER_FILE_EXTENSIONS.includes(ext)) return `points at a .${ext} file, which is neither a webpage nor a supported file type`;
  return null;
}

/** The default name of a webpage markup (§4.4): the URL's host name. */
export function defaultUrlName(raw: string): string {
  return new URL(raw).hostname;
}
