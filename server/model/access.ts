/**
 * The permission rules (server/domain/permissions.ts) applied to what the database holds: the
 * markup a caller may work on, and the user a write is attributed to. Here rather than beside the
 * rules because both read (or create) rows, and the rules themselves contain no SQL.
 */
import type { Db } from '../db/db.ts';
import type { Clock } from '../domain/clock.ts';
import { notFound } from '../domain/errors.ts';
import { reachesWorkspace } from '../domain/permissions.ts';
import type { Caller } from '../domain/viewer.ts';
import { findMarkup, type MarkupRow } from './markups.ts';
import { serviceUserFor } from './users.ts';

/** The markup, if this caller may work on it; 404 otherwise. */
export async function markupForCaller(db: Db, caller: Caller, markupId: string): Promise<MarkupRow> {
  if (caller.kind === 'exchange' && caller.markupId !== markupId) throw notFound('Markup');
  const markup = await findMarkup(db, markupId);
  if (!markup) throw notFound('Markup');
  if (!reachesWorkspace(caller, markup)) throw notFound('Markup');
  return markup;
}

/** The user id a write is attributed to: the token's or member's user, or the API key's service user. */
export async function actingUserId(db: Db, caller: Caller, workspaceId: string, clock: Clock): Promise<string> {
  if (caller.kind !== 'api_key') return caller.userId;
  return serviceUserFor(db, workspaceId, caller, clock.now());
}
