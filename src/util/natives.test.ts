import { afterEach, describe, expect, it, vi } from 'vitest';
import { readNatives } from './natives';

type Patchable = Record<string, unknown>;
const restores: Array<() => void> = [];

/** Replaces `target[key]` for one test, the way a host page would (a plain assignment). */
function patch(target: object, key: string, value: unknown): void {
  const had = Object.prototype.hasOwnProperty.call(target, key);
  const before = Object.getOwnPropertyDescriptor(target, key);
  (target as Patchable)[key] = value;
  restores.push(() => {
    if (had && before) Object.defineProperty(target, key, before);
    else delete (target as Patchable)[key];
  });
}

afterEach(() => {
  while (restores.length) restores.pop()!();
});

function countIframesAdded(): { count: () => number; stop: () => void } {
  let added = 0;
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeName === 'IFRAME') added++;
  });
  observer.observe(document, { childList: true, subtree: true });
  return {
    count: () => {
      for (const record of observer.takeRecords()) for (const node of record.addedNodes) if (node.nodeName === 'IFRAME') added++;
      return added;
    },
    stop: () => observer.disconnect(),
  };
}

describe('natives', () => {
  it('uses the page functions as they are when nothing is patched (no iframe)', async () => {
    const iframes = countIframesAdded();
    const natives = readNatives(window);
    expect(natives.stringify({ a: [1, 'b'], c: null })).toBe('{"a":[1,"b"],"c":null}');
    expect(natives.parse('{"x":[1]}')).toEqual({ x: [1] });
    const response = await natives.fetch(`data:application/json,${encodeURIComponent('{"ok":true}')}`);
    expect(await response.text()).toBe('{"ok":true}');
    expect(iframes.count()).toBe(0);
    iframes.stop();
  });

  it('sends correct JSON despite Prototype.js toJSON, enumerable prototype additions and a mangling stringify', () => {
    const pageStringify = JSON.stringify;
    patch(Array.prototype, 'toJSON', function (this: unknown[]) {
      return `[${this.join(', ')}]`;
    });
    patch(Object.prototype, 'extend', function () {});
    patch(Array.prototype, 'contains', function () {});
    patch(JSON, 'stringify', (value: unknown) => pageStringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.slice(0, 3) : v)));
    const iframes = countIframesAdded();

    const natives = readNatives(window);
    const body = { text: 'A long comment', ops: [{ insert: 'x' }, { insert: '\n' }], paths: [['#a', 'div > p']], when: new Date(0) };
    expect(natives.stringify(body)).toBe(
      '{"text":"A long comment","ops":[{"insert":"x"},{"insert":"\\n"}],"paths":[["#a","div > p"]],"when":"1970-01-01T00:00:00.000Z"}',
    );
    // Borrowed from an iframe that is gone again.
    expect(iframes.count()).toBe(1);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    iframes.stop();
  });

  it('reads with a pristine JSON.parse (no date reviver)', () => {
    const pageParse = JSON.parse;
    patch(JSON, 'parse', (text: string) =>
      pageParse(text, (_key, v: unknown) => (typeof v === 'string' && /^\d{4}-/.test(v) ? new Date(v) : v)),
    );
    expect(readNatives(window).parse('{"createdAt":"2024-01-02T03:04:05Z"}')).toEqual({ createdAt: '2024-01-02T03:04:05Z' });
  });

  it('fetches around a page wrapper that adds headers and rewrites bodies', async () => {
    const pageFetch = window.fetch;
    const wrapper = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await pageFetch(input, { ...init, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return new Response((await response.text()).replaceAll('null', '""'), { status: response.status });
    });
    patch(window, 'fetch', wrapper);
    const natives = readNatives(window);
    const response = await natives.fetch(`data:application/json,${encodeURIComponent('{"cursor":null}')}`);
    expect(natives.parse(await response.text())).toEqual({ cursor: null });
    expect(wrapper).not.toHaveBeenCalled();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});

describe('natives after load', () => {
  it('follows a fetch the page installs after the widget looked (its own diagnostics, a test service)', async () => {
    const natives = readNatives(window);
    const later = vi.fn(async () => new Response('{"from":"later"}'));
    patch(window, 'fetch', later);
    const response = await natives.fetch('https://api.test/x');
    expect(natives.parse(await response.text())).toEqual({ from: 'later' });
    expect(later).toHaveBeenCalledTimes(1);
  });
});

describe('natives from a patched sandbox', () => {
  it('keeps the page functions when the sandbox is patched too (an extension patching every frame)', async () => {
    const pageFetch = window.fetch;
    const pageWrapper = vi.fn((input: RequestInfo | URL, init?: RequestInit) => pageFetch(input, init));
    patch(window, 'fetch', pageWrapper);
    const contentWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        const inner = contentWindow.get!.call(this) as (Window & typeof globalThis) | null;
        if (inner) inner.fetch = () => Promise.reject(new Error('patched in every frame'));
        return inner;
      },
    });
    restores.push(() => Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', contentWindow));
    const natives = readNatives(window);
    const response = await natives.fetch(`data:text/plain,ok`);
    expect(await response.text()).toBe('ok');
    expect(pageWrapper).toHaveBeenCalledTimes(1);
  });
});
