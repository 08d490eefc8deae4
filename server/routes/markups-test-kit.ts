/**
 * Shared by the markup route tests (markups-create-*, markups-write, markups-bulk): a server whose
 * workspace has a webhook registration (so markup events are queued), the seeded workspace's ids,
 * and helpers to make markups, read queued events, count rows, check the object store and post
 * multipart forms to /markups/file.
 */
import { createWebpageMarkup } from '../seed.ts';
import { API, createTestServer } from '../testing/support.ts';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(16)]);

export function form(
  files: Array<{ field?: string; bytes: Uint8Array; type?: string; name: string }>,
  extra: Record<string, string> = {},
): FormData {
  const f = new FormData();
  for (const [name, value] of Object.entries(extra)) f.append(name, value);
  for (const file of files)
    f.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], file.type ? { type: file.type } : {}), file.name);
  return f;
}

/** The server, ids and helpers every markup route test file starts from (call once, at the top). */
export async function markupsServer() {
  const s = await createTestServer();
  const key = s.seed.workspaceApiKey;
  const workspaceId = s.seed.workspaceId;
  const ws = (await s.request('GET', `${API}/workspace`, { token: key })).body.data;
  const rootFolderId: string = ws.rootFolderId;
  const archiveFolderId: string = ws.archiveFolderId;
  await s.request('POST', `${API}/webhook-registrations`, {
    token: key,
    body: { url: 'https://receiver.example/h', workspaceId, enabled: true },
  });

  async function eventsOf(type: string): Promise<Array<{ data: { markup: { id: string; name: string }; actor: { id: string } | null } }>> {
    const rows = await s.db.query<{ payload: string }>(
      'SELECT payload FROM webhook_deliveries WHERE event_type = $1 ORDER BY created_at, id',
      [type],
    );
    return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
  }

  const count = async (sql: string, params: unknown[] = []) =>
    (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params))[0]!.n;
  const newMarkup = (name = 'Page') =>
    createWebpageMarkup(s.db, { workspaceId, name, url: `https://${name.toLowerCase().replace(/\W/g, '')}.example/`, now: s.clock.now() });
  const exists = async (storageKey: string) => (await s.storage.head(storageKey)) !== null;

  async function upload(
    body: FormData | ReadableStream<Uint8Array> | string,
    query = `workspaceId=${workspaceId}`,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit & { duplex?: string } = { method: 'POST', headers: { Authorization: `Bearer ${key}`, ...headers }, body };
    if (body instanceof ReadableStream) init.duplex = 'half';
    const res = await s.app.request(`${API}/markups/file?${query}`, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  }

  return { s, key, workspaceId, rootFolderId, archiveFolderId, eventsOf, count, newMarkup, exists, upload };
}
