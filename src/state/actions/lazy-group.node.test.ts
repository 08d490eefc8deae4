/** The lazy action group: callable before its chunk arrives, reported and retried when it cannot come. */
import { describe, expect, it, vi } from 'vitest';
import { lazyGroup } from './lazy-group';

function group() {
  const calls: string[] = [];
  return {
    calls,
    actions: {
      placePin: (x: number, y: number) => void calls.push(`placePin ${x},${y}`),
      reply: (text: string) => void calls.push(`reply ${text}`),
    },
  };
}

describe('lazyGroup', () => {
  it('runs an action called before the chunk arrived once it has, and at once afterwards', async () => {
    const { calls, actions } = group();
    let arrive!: (chunk: { actions: typeof actions }) => void;
    const importer = vi.fn(() => new Promise<{ actions: typeof actions }>((resolve) => (arrive = resolve)));
    const tools = lazyGroup(importer, (chunk) => chunk.actions, vi.fn());

    tools.deferred.placePin(1, 2);
    tools.deferred.reply('hi');
    expect(calls).toEqual([]);
    arrive({ actions });
    await tools.load();
    expect(calls).toEqual(['placePin 1,2', 'reply hi']);
    tools.deferred.reply('now');
    expect(calls.at(-1)).toBe('reply now');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('reports a chunk that cannot be downloaded, and tries again on the next call', async () => {
    const { calls, actions } = group();
    const failed = vi.fn();
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ actions });
    const tools = lazyGroup(importer, (chunk: { actions: typeof actions }) => chunk.actions, failed);

    tools.deferred.reply('first');
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    tools.deferred.reply('second');
    await vi.waitFor(() => expect(calls).toEqual(['reply second']));
  });

  it('keeps one function per name, and is neither a promise nor a stranger to Object', () => {
    const { actions } = group();
    const tools = lazyGroup(
      () => Promise.resolve({ actions }),
      (chunk) => chunk.actions,
      vi.fn(),
    );
    expect(tools.deferred.reply).toBe(tools.deferred.reply);
    expect((tools.deferred as unknown as { then?: unknown }).then).toBeUndefined();
    expect(String(tools.deferred)).toBe('[object Object]');
  });
});
