/** The comment list's filter and search rules (thread-list-filter.ts), without a browser. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ThreadResponse } from '../../api/wire';
import { makeMessage, makeThread } from '../testing/fake-service';
import { foldForSearch, listView, matchesQuery } from './thread-list-filter';

function thread(number: number, texts: string[], author: string, resolved = false): ThreadResponse {
  const id = `t${number}`;
  const user = { id: author, name: author, guest: true, createdAt: 0, modifiedAt: 0 };
  return makeThread(number, { resolved, messages: texts.map((text) => makeMessage(id, text, { user })) });
}

describe('comment list search', () => {
  // makeThread (a browser-test helper) reads location.href for the thread's page.
  beforeAll(() => {
    (globalThis as { location?: unknown }).location ??= new URL('https://site.test/page');
  });
  it('folds case and accents', () => {
    expect(foldForSearch('Chloé RÉSUMÉ')).toBe('chloe resume');
  });

  it('matches every word in any message, any author, or the number', () => {
    const t = thread(17, ['Logo is blurry', 'Also on retina screens'], 'Zoë Q');
    expect(matchesQuery(t, '')).toBe(true);
    expect(matchesQuery(t, 'retina')).toBe(true);
    expect(matchesQuery(t, 'blurry zoe')).toBe(true);
    expect(matchesQuery(t, 'blurry nope')).toBe(false);
    expect(matchesQuery(t, '#17')).toBe(true);
    expect(matchesQuery(t, '17')).toBe(true);
    expect(matchesQuery(t, '#1')).toBe(false);
  });

  it('counts each state among the matches and keeps thread order', () => {
    const threads = [thread(1, ['a cat'], 'A'), thread(2, ['a dog'], 'B', true), thread(3, ['two cats'], 'C')];
    const view = listView(threads, 'open', 'cat');
    expect(view.shown.map((t) => t.number)).toEqual([1, 3]);
    expect(view.counts).toEqual({ open: 2, resolved: 0, all: 2 });
    expect(listView(threads, 'resolved', '').shown.map((t) => t.number)).toEqual([2]);
    expect(listView(threads, 'all', '  ').shown.map((t) => t.number)).toEqual([1, 2, 3]);
  });
});
