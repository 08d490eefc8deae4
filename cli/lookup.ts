/**
 * Turning what a person types into ids: a thread by its id or its number (`12`, `#12`; numbers
 * count per markup, so `--markup` settles a number used on several), a markup by its id, name or
 * page URL.
 */
import type { MarkupResponse, ThreadResponse } from '../src/api/wire';
import type { ApiClient } from './api-client.ts';
import { notFoundError, usageError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isId = (value: string) => UUID.test(value);

function markupUrl(markup: MarkupResponse): string {
  return 'url' in markup && typeof markup.url === 'string' ? markup.url : '';
}

/** The markup id `ref` names: an id as is, else the one markup whose name or URL matches. */
export async function markupIdOf(client: ApiClient, ref: string | undefined): Promise<string | undefined> {
  if (ref === undefined) return undefined;
  if (isId(ref)) return ref;
  const workspace = await client.workspace();
  const markups = await client.markups(workspace.id);
  const wanted = ref.trim().toLowerCase();
  const exact = markups.filter((m) => m.name.toLowerCase() === wanted || markupUrl(m).toLowerCase() === wanted);
  const found = exact.length
    ? exact
    : markups.filter((m) => m.name.toLowerCase().includes(wanted) || markupUrl(m).toLowerCase().includes(wanted));
  if (found.length === 1) return found[0]!.id;
  if (!found.length) throw notFoundError(`No markup named "${ref}" in workspace ${workspace.name}`);
  throw usageError(`"${ref}" names ${found.length} markups: ${found.map((m) => `${m.name} (${m.id})`).join(', ')} — pass the id`);
}

/** Parses `12` or `#12`; undefined when `ref` is not a thread number. */
export function threadNumberOf(ref: string): number | undefined {
  const match = /^#?(\d{1,9})$/.exec(ref.trim());
  return match ? Number(match[1]) : undefined;
}

/** The whole thread `ref` names (an id, or a number within `markupId` or the whole workspace). */
export async function findThread(client: ApiClient, ref: string, markupId?: string): Promise<ThreadResponse> {
  if (isId(ref)) return client.thread(ref);
  const number = threadNumberOf(ref);
  if (number === undefined) throw usageError(`"${ref}" is neither a thread number (12, #12) nor a thread id`);
  const { threads } = await client.inbox({ q: `#${number}`, status: 'all', ...(markupId ? { markupId } : {}) }, 100);
  const matches = threads.filter((t) => t.number === number);
  if (!matches.length) throw notFoundError(`No thread #${number}${markupId ? ' on that markup' : ' in this workspace'}`);
  if (matches.length > 1)
    throw usageError(
      `Thread #${number} exists on ${matches.length} markups (${matches.map((t) => `${t.markupName}: ${t.id}`).join('; ')}): pass --markup or the thread id`,
    );
  return client.thread(matches[0]!.id);
}
