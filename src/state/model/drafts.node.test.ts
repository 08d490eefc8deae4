import { describe, expect, it } from 'vitest';
import { createDraftStore, isEmptyDelta } from './drafts';

/** A Map-backed Storage, optionally refusing writes like a full or forbidden one. */
function fakeStorage(refuse = false): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (refuse) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  };
}

const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

describe('drafts', () => {
  it('survives a new store on the same storage (a reload) and is kept per markup', () => {
    const storage = fakeStorage();
    createDraftStore('pk', 'm1', storage).write('t1', { delta: delta('half a reply'), savedAt: Date.now() });
    expect(createDraftStore('pk', 'm1', storage).read('t1')?.delta).toEqual(delta('half a reply'));
    expect(createDraftStore('pk', 'm2', storage).read('t1')).toBeNull();
    expect([...createDraftStore('pk', 'm1', storage).all().keys()]).toEqual(['t1']);
  });

  it('keeps each reviewer’s drafts to themselves; drafts saved before owners existed go to the first to sign in', () => {
    const storage = fakeStorage();
    createDraftStore('pk', 'm1', storage).write('t1', { delta: delta('from before'), savedAt: Date.now() });
    const ada = createDraftStore('pk', 'm1', storage);
    ada.setOwner('ada');
    expect(ada.read('t1')?.delta).toEqual(delta('from before'));
    ada.write('new', { delta: delta('Ada’s secret'), savedAt: Date.now() });

    // Another reviewer on the same browser, after a reload: none of Ada's text.
    const bob = createDraftStore('pk', 'm1', storage);
    bob.setOwner('bob');
    expect([...bob.all().keys()]).toEqual([]);
    bob.write('new', { delta: delta('Bob’s words'), savedAt: Date.now() });
    bob.setOwner(null);
    expect([...bob.all().keys()]).toEqual([]);

    const again = createDraftStore('pk', 'm1', storage);
    again.setOwner('ada');
    expect(new Map([...again.all()].map(([key, draft]) => [key, draft.delta]))).toEqual(
      new Map([
        ['t1', delta('from before')],
        ['new', delta('Ada’s secret')],
      ]),
    );
    again.setOwner('bob');
    expect(again.read('new')?.delta).toEqual(delta('Bob’s words'));
  });

  it('removes empty drafts, and removes on request', () => {
    const storage = fakeStorage();
    const drafts = createDraftStore('pk', 'm1', storage);
    drafts.write('new', { delta: delta('x'), savedAt: Date.now() });
    drafts.write('new', { delta: delta('  '), savedAt: Date.now() });
    expect(drafts.read('new')).toBeNull();
    drafts.write('t1', { delta: delta('y'), savedAt: Date.now() });
    drafts.remove('t1');
    expect(storage.length).toBe(0);
  });

  it('keeps a lone mention (an embed is content)', () => {
    expect(isEmptyDelta({ ops: [{ insert: { mention: { id: 'u1', value: 'Ada' } } }, { insert: '\n' }] })).toBe(false);
  });

  it('falls back to memory when storage refuses, and ignores corrupt or stale entries', () => {
    const drafts = createDraftStore('pk', 'm1', fakeStorage(true));
    drafts.write('t1', { delta: delta('kept'), savedAt: Date.now() });
    expect(drafts.read('t1')?.delta).toEqual(delta('kept'));

    const storage = fakeStorage();
    storage.setItem('pinmark:draft:pk:m1:bad', '{not json');
    storage.setItem('pinmark:draft:pk:m1:old', JSON.stringify({ delta: delta('old'), savedAt: Date.now() - 40 * 24 * 3600e3 }));
    storage.setItem('pinmark:draft:pk:m1:shape', JSON.stringify({ delta: 'text', savedAt: Date.now() }));
    const read = createDraftStore('pk', 'm1', storage);
    expect(read.all().size).toBe(0);
    expect(read.read('bad')).toBeNull();
  });

  it('works without any storage', () => {
    const drafts = createDraftStore('pk', 'm1', null);
    drafts.write('new', { delta: delta('z'), savedAt: Date.now() });
    expect(drafts.all().get('new')?.delta).toEqual(delta('z'));
  });
});
