/**
 * What the comment list shows (issue 14 point 8): open / resolved / all, narrowed by a search over
 * message text, authors and the pin number. Instant and client-side over the threads the store
 * already holds — a thread's searchable text is built once per thread object (the store keeps the
 * object of an unchanged thread across refreshes), so a keystroke over a few hundred threads is a
 * few hundred `includes`. Pure apart from remembering the filter for the page session.
 */
import type { ThreadResponse } from '../../api/wire';
import { messageText } from '../../state/model/helpers';

export type ListFilter = 'open' | 'resolved' | 'all';
export const LIST_FILTERS: readonly ListFilter[] = ['open', 'resolved', 'all'];

export function isResolved(thread: ThreadResponse): boolean {
  return thread.resolved === true;
}

/** Lower case and without accents, so "resume" finds "Résumé" and "chloe" finds "Chloé". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const haystacks = new WeakMap<ThreadResponse, string>();

/** Every message's text and author of a thread, folded (cached per thread object). */
function haystackOf(thread: ThreadResponse): string {
  let haystack = haystacks.get(thread);
  if (haystack === undefined) {
    const parts: string[] = [];
    const messages = Array.isArray(thread.messages) ? thread.messages : [];
    for (const message of messages) {
      parts.push(messageText(message));
      if (typeof message.user?.name === 'string') parts.push(message.user.name);
    }
    if (typeof thread.user?.name === 'string') parts.push(thread.user.name);
    haystack = foldForSearch(parts.join('\n'));
    haystacks.set(thread, haystack);
  }
  return haystack;
}

/**
 * Whether a thread matches every word of `query`: a word is found in its messages or authors, or
 * names its number ("17" or "#17"). An empty query matches everything.
 */
export function matchesQuery(thread: ThreadResponse, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = haystackOf(thread);
  return words.every((word) => {
    const number = /^#?(\d+)$/.exec(word);
    if (number && thread.number > 0 && Number(number[1]) === thread.number) return true;
    return haystack.includes(word);
  });
}

export interface ListView {
  /** The threads to show, in the store's order (thread order). */
  shown: ThreadResponse[];
  /** How many threads match the search in each filter (shown beside the filter's name). */
  counts: Record<ListFilter, number>;
}

export function listView(threads: readonly ThreadResponse[], filter: ListFilter, query: string): ListView {
  const matching = query.trim() ? threads.filter((thread) => matchesQuery(thread, query)) : [...threads];
  const resolved = matching.filter(isResolved);
  const open = matching.filter((thread) => !isResolved(thread));
  return {
    shown: filter === 'open' ? open : filter === 'resolved' ? resolved : matching,
    counts: { open: open.length, resolved: resolved.length, all: matching.length },
  };
}

const FILTER_KEY = 'pinmark:comment-list-filter';
/** Where sessionStorage cannot be used (sandboxed frames, blocked storage): this page's memory. */
let filterInMemory: ListFilter | null = null;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The filter the reviewer chose last in this tab's session; "open" at first. */
export function rememberedFilter(): ListFilter {
  let stored: string | null = filterInMemory;
  try {
    const storage = sessionStore();
    if (storage) stored = storage.getItem(FILTER_KEY);
  } catch {
    /* storage refused: the memory copy */
  }
  return (LIST_FILTERS as readonly string[]).includes(stored ?? '') ? (stored as ListFilter) : 'open';
}

export function rememberFilter(filter: ListFilter): void {
  filterInMemory = filter;
  try {
    sessionStore()?.setItem(FILTER_KEY, filter);
  } catch {
    /* storage full or refused: remembered in memory for this page */
  }
}
