/**
 * A new comment posted while the reviewer starts the next one (file-review.ts): the next composer
 * starts empty (the post holds its text), and a post that fails after the reviewer moved on comes
 * back — its place, its text and what was typed since, with the reason — so nothing typed is lost.
 * The failure is real: this browser test page has no API server behind it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Delta, PdfMarkupResponse } from '../../src/api/wire';
import { deltaToPlainText } from '../../src/delta';
import { drafts, setDraft } from './drafts';
import { composerRound, draftKey, openComposer, pending, postError, postThread, posting, review, sending } from './file-review';

const markup = { id: 'f0e1d2c3-0000-4000-8000-000000000001', type: 'pdf', images: [], pageCount: 2 } as unknown as PdfMarkupResponse;
const key = draftKey(markup.id);
const text = (delta: Delta | undefined) => (delta ? deltaToPlainText(delta).trim() : '');
const first = { kind: 'pdf', pageNumber: 1, offsetXPercentage: 20, offsetYPercentage: 30 } as const;
const second = { kind: 'pdf', pageNumber: 2, offsetXPercentage: 70, offsetYPercentage: 60 } as const;

// The review page of this markup is open (what postThread checks before touching the page's state).
review.value = { status: 'ready', id: markup.id, markup };

afterEach(() => {
  pending.value = null;
  postError.value = null;
  setDraft(key, { ops: [{ insert: '\n' }] });
});

describe('posting while the next comment is started', () => {
  it('opens the next composer empty, and a refused first post comes back with both texts', async () => {
    openComposer(markup.id, first);
    const firstText: Delta = { ops: [{ insert: 'The first comment\n' }] };
    setDraft(key, firstText);
    const round = composerRound.peek();

    const posted = postThread(markup, firstText, 'key-1');
    expect(sending.peek()).toHaveLength(1);
    expect(posting.peek()).toBe(true);

    // The reviewer points elsewhere while it is on its way: a new, empty comment there.
    openComposer(markup.id, second);
    expect(pending.peek()).toBe(second);
    expect(text(drafts.peek()[key])).toBe('');
    expect(composerRound.peek()).toBe(round + 1);
    expect(posting.peek()).toBe(false);
    setDraft(key, { ops: [{ insert: 'The second, half written\n' }] });

    expect(await posted).toBe(false);
    expect(sending.peek()).toHaveLength(0);
    expect(postError.peek()).not.toBeNull();
    // The refused comment is open again at its place, with its text and the one typed since after it.
    expect(pending.peek()).toBe(first);
    expect(text(drafts.peek()[key])).toBe('The first comment\nThe second, half written');
    expect(composerRound.peek()).toBe(round + 2);
  });

  it('a refusal while its own composer is still open keeps it as it is, with the reason', async () => {
    openComposer(markup.id, first);
    const message: Delta = { ops: [{ insert: 'Only one\n' }] };
    setDraft(key, message);
    const round = composerRound.peek();
    expect(await postThread(markup, message, 'key-2')).toBe(false);
    expect(pending.peek()).toBe(first);
    expect(text(drafts.peek()[key])).toBe('Only one');
    expect(composerRound.peek()).toBe(round);
    expect(postError.peek()).not.toBeNull();
  });
});
