/**
 * A workspace the size the review app must stay fast at (issue 16): THREADS threads over five
 * markups and 300 pages, by 20 reviewers, a third with a reply, 40 % with a screenshot, a quarter
 * resolved, three device classes, messages of eight words from a shop's vocabulary (so searches
 * hit a realistic share). Written with a handful of set-based statements, straight into the
 * database the server uses.
 */
import type { Db } from '../server/db/db.ts';
import { createWebpageMarkup } from '../server/seed.ts';

const VOCABULARY = [
  'checkout', 'button', 'price', 'footer', 'header', 'menu', 'image', 'blurry', 'typo', 'broken', 'link', 'cart',
  'mobile', 'overlaps', 'colour', 'contrast', 'font', 'spacing', 'login', 'search', 'filter', 'banner', 'logo', 'modal',
  'slow', 'missing', 'translation', 'shipping', 'coupon', 'review', 'gallery', 'newsletter',
]; // prettier-ignore

export interface SeededInbox {
  markupIds: string[];
  threads: number;
}

export async function seedInbox(db: Db, demoMarkupId: string, threads: number): Promise<SeededInbox> {
  const [{ workspace_id: workspaceId }] = (await db.query<{ workspace_id: string }>('SELECT workspace_id FROM markups WHERE id = $1', [
    demoMarkupId,
  ])) as [{ workspace_id: string }];
  const markupIds = [demoMarkupId];
  for (let i = 1; i <= 4; i++) {
    markupIds.push(await createWebpageMarkup(db, { workspaceId, name: `Site ${i}`, url: `https://site${i}.example/`, now: Date.now() }));
  }
  await db.query(
    `INSERT INTO users (id, workspace_id, kind, external_id, name, created_at, modified_at)
     SELECT gen_random_uuid(), $1, 'external', 'bench-' || i, 'Reviewer ' || i, now(), now() FROM generate_series(1, 20) i`,
    [workspaceId],
  );
  await db.query(
    `WITH authors AS (SELECT array_agg(id ORDER BY external_id) AS ids FROM users WHERE workspace_id = $1 AND external_id LIKE 'bench-%'),
          markups AS (SELECT $2::uuid[] AS ids),
          base AS (SELECT coalesce(max(number), 0) AS n FROM threads WHERE markup_id = ANY($2::uuid[]))
     INSERT INTO threads (id, markup_id, number, type, author_user_id, resolved, url, proxy_url, canonical_url, view_mode_id,
                          browser_context, created_at, modified_at, last_activity_at)
     SELECT gen_random_uuid(), markups.ids[1 + i % 5], base.n + i, 'webpage', authors.ids[1 + i % 20], i % 4 = 0,
            'https://shop.example/p/' || (i % 300), 'https://shop.example/p/' || (i % 300), 'https://shop.example/p/' || (i % 300),
            (ARRAY['desktop', 'tablet', 'mobile'])[1 + i % 3], '{}'::jsonb,
            now() - i * interval '7 minutes', now() - i * interval '7 minutes', now() - i * interval '7 minutes' + (i % 13) * interval '1 minute'
     FROM generate_series(1, $3::int) i, authors, markups, base`,
    [workspaceId, markupIds, threads],
  );
  const words = `(SELECT string_agg(($2::text[])[1 + (abs(hashtext(t.id::text || k)) % ${VOCABULARY.length})], ' ') FROM generate_series(1, 8) k)`;
  await db.query(
    `INSERT INTO messages (id, thread_id, author_user_id, delta, plain_text, mention_ids, created_at, modified_at)
     SELECT gen_random_uuid(), t.id, t.author_user_id, jsonb_build_object('ops', jsonb_build_array(jsonb_build_object('insert', w.text || E'\\n'))),
            w.text, '[]', t.created_at, t.created_at
     FROM threads t JOIN markups m ON m.id = t.markup_id CROSS JOIN LATERAL (SELECT ${words} AS text) w
     WHERE m.workspace_id = $1 AND NOT EXISTS (SELECT 1 FROM messages x WHERE x.thread_id = t.id)`,
    [workspaceId, VOCABULARY],
  );
  await db.query(
    `INSERT INTO messages (id, thread_id, author_user_id, delta, plain_text, mention_ids, created_at, modified_at)
     SELECT gen_random_uuid(), t.id, t.author_user_id, '{"ops":[{"insert":"Still happening\\n"}]}', 'Still happening', '[]',
            t.last_activity_at, t.last_activity_at
     FROM threads t JOIN markups m ON m.id = t.markup_id WHERE m.workspace_id = $1 AND t.number % 3 = 0`,
    [workspaceId],
  );
  await db.query(
    `INSERT INTO thread_screenshots (id, thread_id, storage_key, etag, mime_type, width, height, filesize, type, created_at, modified_at)
     SELECT gen_random_uuid(), t.id, 'bench/' || t.id, 'e', 'image/png', 1280, 720, 1000, 'native', t.created_at, t.created_at
     FROM threads t JOIN markups m ON m.id = t.markup_id WHERE m.workspace_id = $1 AND t.number % 5 < 2`,
    [workspaceId],
  );
  await db.query('ANALYZE');
  return { markupIds, threads };
}
