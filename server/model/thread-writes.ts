/**
 * Writes that change a thread's record: creating it with its first message (numbered from the
 * markup's counter inside the same transaction) and moving its pin. Callers run these inside
 * `db.transaction`, so a thread never exists without its elements or first message.
 */
import { randomUUID } from 'node:crypto';
import type { ShortWebpageThread } from '../../src/api/wire.ts';
import { isoAt, json, queryOne, type Db } from '../db/db.ts';
import { forbidden } from '../domain/errors.ts';
import type { CreateThreadInput, MovePinInput } from '../schemas/threads.ts';
import { insertMessage, type MessageBody } from './messages.ts';
import type { ThreadRow } from './threads.ts';

interface Geometry {
  elements: CreateThreadInput['elements'];
  elementParents: CreateThreadInput['elementParents'];
}

async function insertGeometry(db: Db, threadId: string, geometry: Geometry, at: string): Promise<void> {
  for (const [position, element] of geometry.elements.entries()) {
    await db.query(
      `INSERT INTO thread_elements (id, thread_id, position, path, offset_x_percentage, offset_y_percentage, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz)`,
      [randomUUID(), threadId, position, element.elementPath, element.offsetXPercentage, element.offsetYPercentage, at],
    );
  }
  for (const [position, parent] of geometry.elementParents.entries()) {
    await db.query(
      `INSERT INTO thread_parents (id, thread_id, position, path, url, proxy_url, canonical_url, depth, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8::timestamptz, $8::timestamptz)`,
      [randomUUID(), threadId, position, parent.path, parent.url, parent.canonicalUrl, parent.depth, at],
    );
  }
}

/** Creates the thread and its first message; returns the new thread id. 403 on a read-only markup. */
export async function createThread(
  tx: Db,
  args: { markupId: string; authorUserId: string; input: CreateThreadInput; body: MessageBody; fileIds: string[]; now: number },
): Promise<string> {
  const { input, now } = args;
  // Takes the markup's row lock: concurrent creations get consecutive numbers, and a markup
  // paused meanwhile is seen here.
  const counter = await queryOne<{ thread_counter: number }>(
    tx,
    'UPDATE markups SET thread_counter = thread_counter + 1 WHERE id = $1 AND NOT read_only RETURNING thread_counter',
    [args.markupId],
  );
  if (!counter) throw forbidden('New comments are paused on this markup (it is read-only)');
  const id = randomUUID();
  const at = isoAt(now);
  await tx.query(
    `INSERT INTO threads (id, markup_id, number, type, author_user_id, url, proxy_url, canonical_url, view_mode_id,
       browser_context, offset_x_percentage, offset_y_percentage, start_time, end_time, page_number, text_highlight,
       width, height, annotations, priority, created_at, modified_at, last_activity_at)
     VALUES ($1, $2, $3, 'webpage', $4, $5, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17::jsonb, $18,
       $19::timestamptz, $19::timestamptz, $19::timestamptz)`,
    [
      id,
      args.markupId,
      counter.thread_counter,
      args.authorUserId,
      input.url,
      input.canonicalUrl,
      input.viewModeId,
      json(input.browserContext),
      input.offsetXPercentage,
      input.offsetYPercentage,
      input.startTime ?? null,
      input.endTime ?? null,
      input.pageNumber ?? null,
      input.textHighlight ? json(input.textHighlight) : null,
      input.width ?? null,
      input.height ?? null,
      input.annotations ? json(input.annotations) : null,
      input.priority ?? null,
      at,
    ],
  );
  await insertGeometry(tx, id, input, at);
  await insertMessage(tx, { threadId: id, authorUserId: args.authorUserId, body: args.body, fileIds: args.fileIds, now });
  return id;
}

/** Re-anchors the pin: new elements, parents, page and fallback position. */
export async function movePin(tx: Db, thread: ThreadRow, input: MovePinInput, now: number): Promise<ShortWebpageThread> {
  const at = isoAt(now);
  await tx.query('DELETE FROM thread_elements WHERE thread_id = $1', [thread.id]);
  await tx.query('DELETE FROM thread_parents WHERE thread_id = $1', [thread.id]);
  await insertGeometry(tx, thread.id, input, at);
  await tx.query(
    `UPDATE threads SET url = $2, proxy_url = $2, canonical_url = $3, browser_context = $4::jsonb,
       offset_x_percentage = $5, offset_y_percentage = $6, modified_at = $7::timestamptz
     WHERE id = $1`,
    [thread.id, input.url, input.canonicalUrl, json(input.browserContext), input.viewportXPercentage, input.viewportYPercentage, at],
  );
  const url = new URL(input.url);
  return {
    id: thread.id,
    userId: thread.author_user_id,
    projectId: thread.markup_id,
    number: thread.number,
    resolved: thread.resolved,
    proxyHostId: null,
    urlPath: url.pathname + url.search,
    canonicalUrl: input.canonicalUrl,
    viewModeId: thread.view_mode_id,
  };
}
