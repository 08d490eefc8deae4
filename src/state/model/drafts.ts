/**
 * What a reviewer typed and has not sent yet, kept in localStorage per markup and composer so a
 * reload, a closed tab or a crashed one loses nothing. A draft is removed only when the server has
 * confirmed the post (or the reviewer emptied or discarded it). Storage may be missing, full or
 * forbidden (private modes, sandboxed frames): drafts then live in memory for the page's life.
 */
import { natives } from '../../util/natives';
import type { PinAnchor } from '../../anchor/types';
import type { Delta } from '../../api/wire';

/** `new` (the new-comment composer), a thread id (its reply box) or `edit:<messageId>`. */
export type DraftKey = string;

export interface Draft {
  delta: Delta;
  savedAt: number;
  /** New comments only: where the pin was, and on which page, so the composer can come back there. */
  pin?: PinAnchor;
  canonicalUrl?: string;
}

/** Older drafts are dropped on read: a month-old half sentence is clutter, not work. */
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** One draft never holds more than this (a pasted novel is kept in memory, not in storage). */
const MAX_CHARS = 200_000;

export interface DraftStore {
  read(key: DraftKey): Draft | null;
  /** Saves the draft; an empty one is removed. */
  write(key: DraftKey, draft: Draft): void;
  remove(key: DraftKey): void;
  /** Every saved draft of this markup (and reviewer). */
  all(): Map<DraftKey, Draft>;
  /**
   * Whose drafts these are from now on: on a shared browser one reviewer never sees another's
   * unsent text. Drafts saved before drafts had owners are adopted by the first reviewer to sign in.
   */
  setOwner(userId: string | null): void;
}

export function createDraftStore(publicKey: string, markupId: string, storage: Storage | null = localStorageOrNull()): DraftStore {
  const base = `pinmark:draft:${publicKey}:${markupId}:`;
  /** Keys of reviewers' drafts start `<base>u:<userId>:`; draft keys themselves never start with `u:`. */
  const owned = `${base}u:`;
  let prefix = base;
  const memories = new Map<string, Map<DraftKey, Draft>>();
  let memory = new Map<DraftKey, Draft>();
  memories.set(prefix, memory);

  /** Storage names under `from` (legacy ones: not an owner's). */
  function namesUnder(from: string): string[] {
    const names: string[] = [];
    for (let i = 0; storage && i < storage.length; i++) {
      const name = storage.key(i);
      if (name?.startsWith(from) && (from !== base || !name.startsWith(owned))) names.push(name);
    }
    return names;
  }

  function parse(raw: string | null): Draft | null {
    if (!raw) return null;
    try {
      const value = natives().parse(raw) as Partial<Draft> | null;
      if (!value || typeof value !== 'object' || !isDelta(value.delta) || typeof value.savedAt !== 'number') return null;
      if (Date.now() - value.savedAt > MAX_AGE_MS) return null;
      return value as Draft;
    } catch {
      return null;
    }
  }

  const store: DraftStore = {
    read(key) {
      if (memory.has(key)) return memory.get(key)!;
      try {
        return parse(storage?.getItem(prefix + key) ?? null);
      } catch {
        return null;
      }
    },

    write(key, draft) {
      if (isEmptyDelta(draft.delta)) {
        store.remove(key);
        return;
      }
      memory.set(key, draft);
      try {
        const text = natives().stringify(draft);
        if (storage && text.length <= MAX_CHARS) {
          storage.setItem(prefix + key, text);
          memory.delete(key);
        }
      } catch {
        // Full or forbidden: the in-memory copy stands in.
      }
    },

    remove(key) {
      memory.delete(key);
      try {
        storage?.removeItem(prefix + key);
      } catch {
        /* nothing stored there either */
      }
    },

    all() {
      const found = new Map<DraftKey, Draft>();
      try {
        for (const name of namesUnder(prefix)) {
          const draft = parse(storage!.getItem(name));
          if (draft) found.set(name.slice(prefix.length), draft);
        }
      } catch {
        /* unreadable storage: only the in-memory drafts */
      }
      for (const [key, draft] of memory) found.set(key, draft);
      return found;
    },

    setOwner(userId) {
      const next = userId ? `${owned}${userId}:` : base;
      if (next === prefix) return;
      if (userId) {
        try {
          for (const name of namesUnder(base)) {
            const key = name.slice(base.length);
            const text = storage!.getItem(name);
            if (text !== null && storage!.getItem(next + key) === null) storage!.setItem(next + key, text);
            storage!.removeItem(name);
          }
        } catch {
          /* left where they are: adopted by the next sign-in that can */
        }
      }
      prefix = next;
      memory = memories.get(prefix) ?? new Map();
      memories.set(prefix, memory);
    },
  };
  return store;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isDelta(value: unknown): value is Delta {
  return typeof value === 'object' && value !== null && Array.isArray((value as Delta).ops);
}

/** No text but whitespace and no embeds (a lone mention is content). */
export function isEmptyDelta(delta: Delta): boolean {
  return delta.ops.every((op) => typeof op.insert === 'string' && op.insert.trim() === '');
}
