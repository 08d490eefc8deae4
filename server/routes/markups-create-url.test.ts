/**
 * Creating a webpage markup with POST /markups/url: naming, folders, the markup_created event and
 * product metrics, and the refusals (bad URLs and names, archive and foreign folders, other
 * workspaces, exchange tokens). Uploading files is in markups-create-file*.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../seed.ts';
import { API } from '../testing/support.ts';
import { insertFolder } from '../testing/malformed-cases-markups.ts';
import { markupsServer } from './markups-test-kit.ts';

const { s, key, workspaceId, rootFolderId, archiveFolderId, eventsOf, count } = await markupsServer();
afterAll(async () => {
  await s.close();
});

describe('POST /markups/url', () => {
  it('creates a webpage markup at the workspace root, named after the host, and announces it', async () => {
    const res = await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://shop.example.com/cart?x=1' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'webpage',
      name: 'shop.example.com',
      url: 'https://shop.example.com/cart?x=1',
      markupUrl: 'https://shop.example.com/cart?x=1',
      status: 'editing',
      readOnly: false,
      activeThreads: 0,
    });
    const row = (
      await s.db.query<{ folder_id: string; is_ready: boolean; created_by_user_id: string }>(
        'SELECT folder_id, is_ready, created_by_user_id FROM markups WHERE id = $1',
        [res.body.data.id],
      )
    )[0]!;
    expect(row.folder_id).toBe(rootFolderId);
    expect(row.is_ready).toBe(true);
    const events = await eventsOf('markup_created');
    const event = events.find((e) => e.data.markup.id === res.body.data.id)!;
    expect(event.data.actor?.id).toBe(row.created_by_user_id);
  });

  it('takes a name, an empty workspaceId as the default, and a subfolder', async () => {
    const folder = await insertFolder(s, workspaceId, 'Sub');
    const res = await s.request('POST', `${API}/markups/url`, {
      token: key,
      body: { url: 'http://a.example/', name: '  Landing  ', workspaceId: '', parentFolderId: folder },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Landing');
    expect((await s.db.query<{ folder_id: string }>('SELECT folder_id FROM markups WHERE id = $1', [res.body.data.id]))[0]!.folder_id).toBe(
      folder,
    );
  });

  it('counts as a created project in product metrics', async () => {
    const day = new Date(s.clock.now()).toISOString().slice(0, 10);
    const before = (await s.request('GET', `${API}/product-metrics/user/workspace-totals?startDate=${day}&endDate=${day}`, { token: key }))
      .body.data.projectsCreated;
    await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://metrics.example/' } });
    const after = (await s.request('GET', `${API}/product-metrics/user/workspace-totals?startDate=${day}&endDate=${day}`, { token: key }))
      .body.data.projectsCreated;
    expect(after).toBe(before + 1);
  });

  it('refuses non-http URLs, file URLs, user-info and bad names with 422, storing nothing', async () => {
    const before = await count('SELECT id FROM markups');
    for (const [url, hint] of [
      ['ftp://x.example/', 'http'],
      ['javascript:alert(1)', 'http'],
      // Supported files are fetched (markup-url-file.test.ts); these hosts do not resolve in tests.
      ['https://x.example/shot.PNG', 'could not be resolved'],
      ['https://x.example/doc.pdf?dl=1', 'could not be resolved'],
      ['https://x.example/clip.mp4', 'could not be resolved'],
      ['https://x.example/archive.zip', 'neither'],
      ['https://user:pw@x.example/', 'user name'],
    ] as const) {
      const res = await s.request('POST', `${API}/markups/url`, { token: key, body: { url } });
      expect(res.status, url).toBe(422);
      expect(res.text, url).toContain(hint);
    }
    expect((await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://x.example/', name: '   ' } })).status).toBe(
      422,
    );
    expect(
      (await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://x.example/', name: 'x'.repeat(256) } })).status,
    ).toBe(422);
    expect(
      (await s.request('POST', `${API}/markups/url`, { token: key, body: { url: `https://x.example/${'a'.repeat(2100)}` } })).status,
    ).toBe(422);
    expect(await count('SELECT id FROM markups')).toBe(before);
  });

  it('refuses the archive folder, folders inside it, other workspaces\u2019 folders and unknown folders (422)', async () => {
    const archived = await insertFolder(s, workspaceId, 'Old');
    await s.db.query('UPDATE folders SET parent_id = $2 WHERE id = $1', [archived, archiveFolderId]);
    const other = await createWorkspace(s.db, s.seed.organizationId, 'Other', s.clock.now());
    for (const parentFolderId of [archiveFolderId, archived, other.rootFolderId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://x.example/', parentFolderId } });
      expect(res.status, parentFolderId).toBe(422);
      expect(res.body.error.details[0].path).toBe('parentFolderId');
    }
  });

  it('acts on the key\u2019s workspace: other workspaces are 404, organization keys must name one (400)', async () => {
    const other = await createWorkspace(s.db, s.seed.organizationId, 'Other 2', s.clock.now());
    expect(
      (await s.request('POST', `${API}/markups/url`, { token: key, body: { url: 'https://x.example/', workspaceId: other.id } })).status,
    ).toBe(404);
    expect(
      (await s.request('POST', `${API}/markups/url`, { token: s.seed.organizationApiKey, body: { url: 'https://x.example/' } })).status,
    ).toBe(400);
    const res = await s.request('POST', `${API}/markups/url`, {
      token: s.seed.organizationApiKey,
      body: { url: 'https://x.example/', workspaceId: other.id },
    });
    expect(res.status).toBe(200);
    expect((await s.db.query<{ folder_id: string }>('SELECT folder_id FROM markups WHERE id = $1', [res.body.data.id]))[0]!.folder_id).toBe(
      other.rootFolderId,
    );
  });

  it('is refused to exchange tokens (403)', async () => {
    const reviewer = await s.exchangeToken({ sub: 'create-rev' });
    expect((await s.request('POST', `${API}/markups/url`, { token: reviewer.token, body: { url: 'https://x.example/' } })).status).toBe(
      403,
    );
  });
});
