/**
 * The bulk markup endpoints: from-url, from-files, move and delete, each all or nothing, with one
 * 422 that has a detail per bad item.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createWebpageMarkup, createWorkspace } from '../seed.ts';
import { API } from '../testing/support.ts';
import { completedMarkupUpload, insertFolder } from '../testing/malformed-cases-markups.ts';
import { MAX_BULK_ITEMS } from '../schemas/markups.ts';
import { markupsServer } from './markups-test-kit.ts';

const { s, key, workspaceId, newMarkup, count } = await markupsServer();
afterAll(async () => {
  await s.close();
});

describe('POST /markups/bulk/from-url', () => {
  it('creates every item (one markup_created each) or none', async () => {
    const folder = await insertFolder(s, workspaceId, 'Bulk');
    const before = await count('SELECT 1 FROM webhook_deliveries WHERE event_type = $1', ['markup_created']);
    const ok = await s.request('POST', `${API}/markups/bulk/from-url`, {
      token: key,
      body: {
        items: [{ url: 'https://b1.example/' }, { url: 'https://b2.example/', name: 'Two', parentFolderId: folder, workspaceId: '' }],
      },
    });
    expect(ok.status).toBe(204);
    expect(await count('SELECT 1 FROM markups WHERE url IN ($1, $2)', ['https://b1.example/', 'https://b2.example/'])).toBe(2);
    expect(await count('SELECT 1 FROM webhook_deliveries WHERE event_type = $1', ['markup_created'])).toBe(before + 2);

    const markups = await count('SELECT 1 FROM markups');
    const bad = await s.request('POST', `${API}/markups/bulk/from-url`, {
      token: key,
      body: {
        items: [
          { url: 'https://fine.example/' },
          { url: 'https://x.example/a.png' },
          { url: 'https://y.example/', parentFolderId: '00000000-0000-4000-8000-000000000000' },
          { url: 'https://z.example/', workspaceId: '00000000-0000-4000-8000-000000000000' },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'items.1.url',
      'items.2.parentFolderId',
      'items.3.workspaceId',
    ]);
    expect(await count('SELECT 1 FROM markups')).toBe(markups);
  });

  it(`refuses an empty list and more than ${MAX_BULK_ITEMS} items (422)`, async () => {
    expect((await s.request('POST', `${API}/markups/bulk/from-url`, { token: key, body: { items: [] } })).status).toBe(422);
    const many = Array.from({ length: MAX_BULK_ITEMS + 1 }, (_, i) => ({ url: `https://m${i}.example/` }));
    expect((await s.request('POST', `${API}/markups/bulk/from-url`, { token: key, body: { items: many } })).status).toBe(422);
  });
});

describe('POST /markups/bulk/from-files', () => {
  it('turns completed markup_asset uploads into file markups waiting for conversion', async () => {
    const fileId = await completedMarkupUpload(s, key, workspaceId, 'Mockup.png');
    expect((await s.request('POST', `${API}/markups/bulk/from-files`, { token: key, body: { items: [{ fileId }] } })).status).toBe(204);
    const m = (
      await s.db.query<{ id: string; name: string; type: string; is_ready: boolean; original_mime_type: string }>(
        'SELECT m.id, m.name, m.type, m.is_ready, m.original_mime_type FROM markups m JOIN markup_assets a ON a.markup_id = m.id WHERE a.file_id = $1',
        [fileId],
      )
    )[0]!;
    expect(m).toMatchObject({ name: 'Mockup', type: 'image', is_ready: false, original_mime_type: 'image/png' });
    const read = await s.request('GET', `${API}/markups/${m.id}`, { token: key });
    expect(read.body.data.images[0].url).toContain('/storage/');
    // Used once only.
    const again = await s.request('POST', `${API}/markups/bulk/from-files`, { token: key, body: { items: [{ fileId }] } });
    expect(again.status).toBe(422);
    expect(again.body.error.details[0]).toMatchObject({ path: 'items.0.fileId', message: 'already belongs to a markup' });
  });

  it('refuses pending, foreign-type, unknown and repeated uploads, all in one 422, creating nothing', async () => {
    const a = await completedMarkupUpload(s, key, workspaceId);
    const pending = await s.request('POST', `${API}/upload-policy`, {
      token: key,
      body: { resourceType: 'markup_asset', resourceId: workspaceId, filename: 'p.png', contentType: 'image/png', filesize: 10 },
    });
    const avatar = await s.request('POST', `${API}/upload-policy`, {
      token: key,
      body: { resourceType: 'workspace_icon', resourceId: workspaceId, filename: 'i.png', contentType: 'image/png', filesize: 10 },
    });
    const markups = await count('SELECT 1 FROM markups');
    const res = await s.request('POST', `${API}/markups/bulk/from-files`, {
      token: key,
      body: {
        items: [
          { fileId: a },
          { fileId: pending.body.data.fileId },
          { fileId: avatar.body.data.fileId },
          { fileId: '00000000-0000-4000-8000-000000000000' },
          { fileId: a },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'items.1.fileId',
      'items.2.fileId',
      'items.3.fileId',
      'items.4.fileId',
    ]);
    expect(await count('SELECT 1 FROM markups')).toBe(markups);
    expect(await count('SELECT 1 FROM markup_assets WHERE file_id = $1', [a])).toBe(0);
  });
});

describe('POST /markups/bulk/move and /bulk/delete', () => {
  it('moves into a live folder of the same workspace; refuses the rest in one 422', async () => {
    const [m1, m2] = [await newMarkup('Move one'), await newMarkup('Move two')];
    const folder = await insertFolder(s, workspaceId, 'Target');
    expect(
      (await s.request('POST', `${API}/markups/bulk/move`, { token: key, body: { markupIds: [m1, m2, m1], targetFolderId: folder } }))
        .status,
    ).toBe(204);
    expect(await count('SELECT 1 FROM markups WHERE folder_id = $1', [folder])).toBe(2);

    const other = await createWorkspace(s.db, s.seed.organizationId, 'Elsewhere', s.clock.now());
    const foreign = await createWebpageMarkup(s.db, { workspaceId: other.id, name: 'F', url: 'https://f.example/', now: s.clock.now() });
    const archived = await newMarkup('Archived');
    await s.db.query("UPDATE markups SET status = 'archived' WHERE id = $1", [archived]);
    const res = await s.request('POST', `${API}/markups/bulk/move`, {
      token: s.seed.organizationApiKey,
      body: { markupIds: [m1, foreign, archived, '00000000-0000-4000-8000-000000000000'], targetFolderId: folder },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['markupIds.1', 'markupIds.2', 'markupIds.3']);
    const ws = (await s.request('GET', `${API}/workspace`, { token: key })).body.data;
    for (const targetFolderId of [ws.archiveFolderId, other.rootFolderId, 'nope']) {
      const r = await s.request('POST', `${API}/markups/bulk/move`, { token: key, body: { markupIds: [m1], targetFolderId } });
      expect(r.status, targetFolderId).toBe(422);
    }
    expect(await count('SELECT 1 FROM markups WHERE folder_id = $1', [folder])).toBe(2);
  });

  it('deletes all named markups or none', async () => {
    const [d1, d2] = [await newMarkup('Del one'), await newMarkup('Del two')];
    const bad = await s.request('POST', `${API}/markups/bulk/delete`, { token: key, body: { markupIds: [d1, 'not-an-id'] } });
    expect(bad.status).toBe(422);
    expect(await count('SELECT 1 FROM markups WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL', [[d1, d2]])).toBe(2);
    expect((await s.request('POST', `${API}/markups/bulk/delete`, { token: key, body: { markupIds: [d1, d2] } })).status).toBe(204);
    expect(await count('SELECT 1 FROM markups WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL', [[d1, d2]])).toBe(0);
    // Already deleted → unknown.
    expect((await s.request('POST', `${API}/markups/bulk/delete`, { token: key, body: { markupIds: [d1] } })).status).toBe(422);
  });
});
