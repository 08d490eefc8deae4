import { describe, expect, it, vi } from 'vitest';
import { Emitter } from './emitter';
import { ListenerCollection } from './listener-collection';

describe('ListenerCollection', () => {
  it('removes listeners, timers, frames and observers on removeAll', async () => {
    const listeners = new ListenerCollection();
    const target = new EventTarget();
    const onPing = vi.fn();
    listeners.add(target, 'ping', onPing, { capture: true });
    const timer = vi.fn();
    const interval = vi.fn();
    const frame = vi.fn();
    listeners.setTimeout(timer, 10);
    listeners.setInterval(interval, 5);
    listeners.requestAnimationFrame(frame);
    const observer = new MutationObserver(() => {});
    observer.observe(document.body, { childList: true });
    const disconnect = vi.spyOn(observer, 'disconnect');
    listeners.observe(observer);
    const cleanup = vi.fn();
    listeners.own(cleanup);
    expect(listeners.size).toBe(6);

    listeners.removeAll();
    target.dispatchEvent(new Event('ping'));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(onPing).not.toHaveBeenCalled();
    expect(timer).not.toHaveBeenCalled();
    expect(interval).not.toHaveBeenCalled();
    expect(frame).not.toHaveBeenCalled();
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it('forgets timers that fired and frees single registrations early', async () => {
    const listeners = new ListenerCollection();
    listeners.setTimeout(() => {}, 0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listeners.size).toBe(0);
    const target = new EventTarget();
    const handler = vi.fn();
    const remove = listeners.add(target, 'x', handler);
    remove();
    target.dispatchEvent(new Event('x'));
    expect(handler).not.toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });

  it('catches exceptions in callbacks and hands them to onError', () => {
    const onError = vi.fn();
    const listeners = new ListenerCollection(onError);
    const target = new EventTarget();
    listeners.add(target, 'boom', () => {
      throw new Error('inside');
    });
    expect(() => target.dispatchEvent(new Event('boom'))).not.toThrow();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'inside' }));
  });

  it('cleans up registrations made after removeAll immediately', () => {
    const listeners = new ListenerCollection();
    listeners.removeAll();
    const cleanup = vi.fn();
    listeners.own(cleanup);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });
});

describe('Emitter', () => {
  it('subscribes, unsubscribes and isolates throwing handlers', () => {
    const emitter = new Emitter<{ ping: number }>();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const good = vi.fn();
      emitter.on('ping', () => {
        throw new Error('host bug');
      });
      const off = emitter.on('ping', good);
      expect(() => emitter.emit('ping', 1)).not.toThrow();
      expect(good).toHaveBeenCalledWith(1);
      off();
      emitter.emit('ping', 2);
      expect(good).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
