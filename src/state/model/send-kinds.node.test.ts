/**
 * The optimistic look of queued changes must be idempotent (it is applied again on every change of
 * the outbox and after every reload of the thread list) and must undo exactly what it did.
 */
import { describe, expect, it, vi } from 'vitest';
import type { MessageResponse, ThreadResponse } from '../../api/wire';
import { mergeOptimistic, type OptimisticEntry } from './optimistic';
import { confirmChange, showChange, undoChange, type ChangeKind, type SendKinds } from './send-kinds';

const makeMessage = (threadId: string, text: string, extra: Partial<MessageResponse>): MessageResponse =>
  ({
    threadId,
    content: text,
    message: text,
    messageJson: { ops: [{ insert: `${text}\n` }] },
    mentionIds: [],
    createdAt: 1,
    modifiedAt: 1,
    ...extra,
  }) as MessageResponse;
const makeThread = (number: number, extra: Partial<ThreadResponse>): ThreadResponse =>
  ({
    number,
    resolved: false,
    messages: [],
    elements: [],
    parents: [],
    offsetXPercentage: 0.5,
    offsetYPercentage: 0.5,
    originalUrl: 'https://x.test/',
    proxyUrl: 'https://x.test/',
    ...extra,
  }) as unknown as ThreadResponse;

function threads(): ThreadResponse[] {
  const one = makeThread(1, { id: 't1' });
  one.messages = [
    makeMessage('t1', 'First', { id: 'm1' }),
    makeMessage('t1', 'Second', { id: 'm2' }),
    makeMessage('t1', 'Third', { id: 'm3' }),
  ];
  return [one, makeThread(2, { id: 't2' }), makeThread(3, { id: 't3' })];
}

const base = threads();
const cases: { [K in ChangeKind]: SendKinds[K] } = {
  editMessage: {
    threadId: 't1',
    messageId: 'm2',
    body: { content: 'Edited', message: { ops: [{ insert: 'Edited\n' }] }, mentionIds: [] },
    before: base[0]!.messages[1]!,
    at: Date.now(),
  },
  deleteMessage: { threadId: 't1', messageId: 'm2', removed: base[0]!.messages[1]!, index: 1 },
  setResolved: { threadId: 't2', resolved: true },
  deleteThread: { threadId: 't2', removed: base[1]!, index: 1 },
  movePin: {
    threadId: 't3',
    body: {} as SendKinds['movePin']['body'],
    after: {
      elements: [],
      parents: [],
      offsetXPercentage: 0.9,
      offsetYPercentage: 0.1,
      originalUrl: 'https://x.test/moved',
      proxyUrl: 'https://x.test/moved',
    },
    before: {
      elements: base[2]!.elements,
      parents: base[2]!.parents,
      offsetXPercentage: base[2]!.offsetXPercentage,
      offsetYPercentage: base[2]!.offsetYPercentage,
      originalUrl: base[2]!.originalUrl,
      proxyUrl: base[2]!.proxyUrl,
    },
  },
};

describe('queued changes', () => {
  for (const kind of Object.keys(cases) as ChangeKind[]) {
    it(`${kind}: shown once however often it is applied, and undone exactly`, () => {
      const payload = cases[kind];
      const once = showChange(kind, payload, threads());
      expect(once).not.toEqual(threads());
      expect(showChange(kind, payload, once)).toEqual(once);
      expect(undoChange(kind, payload, once)).toEqual(threads());
      // Undoing what is not shown (the server list came back without it) changes nothing.
      expect(undoChange(kind, payload, threads())).toEqual(threads());
    });
  }

  it('an edit shows the new text and delta; its confirmation takes the server’s message and fires messageUpdated', () => {
    const shown = showChange('editMessage', cases.editMessage, threads());
    const message = shown[0]!.messages[1]!;
    expect([message.content, message.message, message.messageJson]).toEqual(['Edited', 'Edited', { ops: [{ insert: 'Edited\n' }] }]);
    const emit = vi.fn();
    const saved = { ...message, modifiedAt: 42, content: 'Edited' };
    const after = confirmChange('editMessage', cases.editMessage, saved, shown, emit);
    expect(after[0]!.messages[1]!.modifiedAt).toBe(42);
    expect(emit).toHaveBeenCalledWith('messageUpdated', { threadId: 't1', message: after[0]!.messages[1] });
  });

  it('a deleted message comes back at its place', () => {
    const shown = showChange('deleteMessage', cases.deleteMessage, threads());
    expect(shown[0]!.messages.map((m) => m.id)).toEqual(['m1', 'm3']);
    expect(undoChange('deleteMessage', cases.deleteMessage, shown)[0]!.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('confirmations fire the host events of each kind', () => {
    const emit = vi.fn();
    confirmChange('setResolved', { threadId: 't2', resolved: true }, { modifiedAt: 5 }, threads(), emit);
    confirmChange('setResolved', { threadId: 't2', resolved: false }, undefined, threads(), emit);
    confirmChange('deleteThread', cases.deleteThread, undefined, threads(), emit);
    confirmChange('deleteMessage', cases.deleteMessage, undefined, threads(), emit);
    confirmChange('movePin', cases.movePin, undefined, threads(), emit);
    expect(emit.mock.calls.map(([name]) => name)).toEqual([
      'threadResolved',
      'threadReopened',
      'threadDeleted',
      'messageDeleted',
      'threadMoved',
    ]);
  });

  it('the merge applies changes in the order they were made, after new threads and replies', () => {
    const entries: OptimisticEntry[] = [
      { kind: 'change', change: 'setResolved', payload: { threadId: 't1', resolved: true } },
      { kind: 'change', change: 'setResolved', payload: { threadId: 't1', resolved: false } },
      { kind: 'change', change: 'deleteMessage', payload: cases.deleteMessage },
    ];
    const merged = mergeOptimistic(threads(), entries);
    expect(merged[0]!.resolved).toBe(false);
    expect(merged[0]!.messages.map((m) => m.id)).toEqual(['m1', 'm3']);
    expect(mergeOptimistic(merged, entries)).toEqual(merged);
  });
});
