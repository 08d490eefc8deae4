/**
 * `mentionIds` sent beside plain `content` (issue 17): kept instead of dropped, once each id is
 * checked against the markup's taggable people (GET /markups/:id/tag: the workspace's members and
 * everyone who wrote on this markup; never an API key's service user). A Delta names its mentions
 * itself (its embeds), so then the sent list is ignored as before.
 */
import type { Db } from '../db/db.ts';
import { validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import type { MessageBody } from './messages.ts';

/** Replaces `body.mentionIds` with the sent ones when the body came from `content` alone; 422 naming each id nobody can be. */
export async function keepSentMentions(
  db: Db,
  target: { markupId: string; workspaceId: string },
  input: { message?: unknown; content?: string | undefined; mentionIds?: string[] | undefined },
  body: MessageBody | undefined,
): Promise<void> {
  if (!body || input.message !== undefined || !input.mentionIds || input.mentionIds.length === 0) return;
  const ids = [...new Set(input.mentionIds.map((id) => id.toLowerCase()))];
  const valid = ids.filter(isUuid);
  const found = await db.query<{ id: string }>(
    `SELECT u.id FROM users u
     WHERE u.id = ANY($1::uuid[]) AND u.deleted_at IS NULL AND u.kind <> 'service' AND u.workspace_id = $3 AND (
       u.id IN (SELECT user_id FROM workspace_members WHERE workspace_id = $3)
       OR u.id IN (SELECT m.author_user_id FROM messages m JOIN threads t ON t.id = m.thread_id WHERE t.markup_id = $2)
     )`,
    [valid, target.markupId, target.workspaceId],
  );
  const taggable = new Set(found.map((r) => r.id));
  const details: ErrorDetail[] = input.mentionIds.flatMap((id, index) =>
    taggable.has(id.toLowerCase()) ? [] : [{ path: `mentionIds.${index}`, message: 'not someone who can be mentioned on this markup' }],
  );
  if (details.length > 0) throw validationFailed(`${details[0]!.path}: ${details[0]!.message}`, details);
  body.mentionIds = ids;
}
