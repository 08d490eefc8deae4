import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadResponse } from '../api/wire';
import { anchorFromThread, canonicalUrlOf, describePin, locatePin, type PinAnchor } from './index';
import { WorkBudget } from './budget';
import { structuralPaths } from './structural';

let fixture: HTMLElement;

beforeEach(() => {
  fixture = document.createElement('div');
  fixture.id = 'fixture';
  fixture.style.cssText = 'position:absolute;left:0;top:0;width:800px;';
  fixture.innerHTML = `
    <main class="page">
      <section class="hero css-1x2y3z is-active">
        <h1 class="title">Hello</h1>
        <button data-testid="buy-button" class="sc-bdVaJa" style="display:block;width:200px;height:50px;margin:20px">Buy</button>
      </section>
      <ul class="list"><li>One</li><li>Two</li><li>Three</li></ul>
      <div style="height:1500px"></div>
    </main>`;
  document.body.append(fixture);
});

afterEach(() => {
  fixture.remove();
  window.scrollTo(0, 0);
});

const centerOf = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};

describe('describePin', () => {
  it('records unique paths, the spot in % of the border box and ancestors', () => {
    const button = fixture.querySelector('button')!;
    const r = button.getBoundingClientRect();
    const anchor = describePin(button, r.left + r.width * 0.25, r.top + r.height * 0.75);
    expect(anchor.elements.length).toBeGreaterThanOrEqual(2);
    for (const element of anchor.elements) {
      expect(document.querySelectorAll(element.elementPath)).toHaveLength(1);
      expect(document.querySelector(element.elementPath)).toBe(button);
      expect(element.offsetXPercentage).toBeCloseTo(25, 5);
      expect(element.offsetYPercentage).toBeCloseTo(75, 5);
    }
    expect(anchor.elements[0]!.elementPath).toBe('[data-testid="buy-button"]');
    expect([...new Set(anchor.elementParents.map((p) => p.depth))]).toEqual([1, 2, 3]);
    for (const parent of anchor.elementParents.filter((p) => p.depth === 1))
      expect(document.querySelector(parent.path)).toBe(button.parentElement);
    expect(anchor.url).toBe(document.URL);
    expect(anchor.canonicalUrl).toBe(canonicalUrlOf(document));
  });

  it('skips generated and state class names', () => {
    const button = fixture.querySelector('button')!;
    const anchor = describePin(button, ...(Object.values(centerOf(button)) as [number, number]));
    const all = [anchor.elements[0]!.elementPath, ...anchor.elementParents.map((p) => p.path)].join(' ');
    expect(all).not.toMatch(/css-1x2y3z|is-active|sc-bdVaJa/);
  });

  it('caps ancestors at 5 and stops before body', () => {
    let deep: HTMLElement = fixture;
    for (let i = 0; i < 8; i++) deep = deep.appendChild(document.createElement('div'));
    deep.textContent = 'deep';
    const anchor = describePin(deep, ...(Object.values(centerOf(deep)) as [number, number]));
    expect([...new Set(anchor.elementParents.map((p) => p.depth))]).toEqual([1, 2, 3, 4, 5]);
  });

  it('clamps offsets to 0–100 and computes page offsets from the scroll size', () => {
    const title = fixture.querySelector('h1')!;
    const r = title.getBoundingClientRect();
    window.scrollTo(0, 200);
    const r2 = title.getBoundingClientRect();
    const anchor = describePin(title, r2.right + 50, r2.top - 5);
    expect(anchor.elements[0]!.offsetXPercentage).toBe(100);
    expect(anchor.elements[0]!.offsetYPercentage).toBe(0);
    expect(anchor.offsetXPercentage).toBeGreaterThanOrEqual(0);
    expect(anchor.offsetXPercentage).toBeLessThanOrEqual(100);
    const height = document.documentElement.scrollHeight;
    expect(window.scrollY).toBeGreaterThan(0);
    expect(anchor.offsetYPercentage).toBeCloseTo(((r2.top - 5 + window.scrollY) / height) * 100, 5);
    expect(r.top).not.toBe(r2.top);
  });
});

describe('locatePin', () => {
  it('finds the element again at the same relative spot (exact), also after scrolling', () => {
    const button = fixture.querySelector('button')!;
    const r = button.getBoundingClientRect();
    const anchor = describePin(button, r.left + 10, r.top + 5);
    window.scrollTo(0, 300);
    const located = locatePin(anchor);
    const now = button.getBoundingClientRect();
    expect(located.status).toBe('exact');
    expect(located.element).toBe(button);
    expect(located.clientX).toBeCloseTo(now.left + 10, 5);
    expect(located.clientY).toBeCloseTo(now.top + 5, 5);
  });

  it('never throws on invalid selectors and falls back to the nearest parent (approximate)', () => {
    const list = fixture.querySelector('.list')!;
    const anchor: PinAnchor = {
      url: document.URL,
      canonicalUrl: document.URL,
      elements: [
        { elementPath: '###not a selector', offsetXPercentage: 50, offsetYPercentage: 50 },
        { elementPath: '#gone', offsetXPercentage: 1, offsetYPercentage: 1 },
      ],
      elementParents: [
        { url: '', canonicalUrl: '', path: '.missing-grandparent', depth: 2 },
        { url: '', canonicalUrl: '', path: '#fixture .list', depth: 1 },
      ],
      offsetXPercentage: 0,
      offsetYPercentage: 0,
    };
    const located = locatePin(anchor);
    const r = list.getBoundingClientRect();
    expect(located.status).toBe('approximate');
    expect(located.element).toBe(list);
    expect(located.clientX).toBeGreaterThanOrEqual(r.left);
    expect(located.clientX).toBeLessThanOrEqual(r.right);
    expect(located.clientY).toBeGreaterThanOrEqual(r.top);
    expect(located.clientY).toBeLessThanOrEqual(r.bottom);
  });

  it('uses page offsets when nothing resolves, and is orphaned without them', () => {
    const anchor: PinAnchor = {
      url: '',
      canonicalUrl: '',
      elements: [{ elementPath: '#nope', offsetXPercentage: 0, offsetYPercentage: 0 }],
      elementParents: [],
      offsetXPercentage: 10,
      offsetYPercentage: 20,
    };
    window.scrollTo(0, 100);
    const located = locatePin(anchor);
    const root = document.documentElement;
    expect(located.status).toBe('approximate');
    expect(located.element).toBeNull();
    expect(located.clientX).toBeCloseTo(0.1 * Math.max(root.scrollWidth, document.body.scrollWidth) - window.scrollX, 5);
    expect(located.clientY).toBeCloseTo(0.2 * Math.max(root.scrollHeight, document.body.scrollHeight) - window.scrollY, 5);
    expect(locatePin({ ...anchor, offsetXPercentage: Number.NaN, offsetYPercentage: Number.NaN }).status).toBe('orphaned');
  });

  it('skips elements that are not rendered', () => {
    const title = fixture.querySelector('h1')!;
    const anchor = describePin(title, ...(Object.values(centerOf(title)) as [number, number]));
    title.style.display = 'none';
    expect(locatePin(anchor).status).toBe('approximate');
  });
});

describe('anchorFromThread', () => {
  it('adapts elements[].path and parents[] and tolerates missing fields', () => {
    const thread = {
      originalUrl: 'https://a.test/p',
      canonicalUrl: 'https://a.test/p',
      elements: [{ path: '#x', offsetXPercentage: 10, offsetYPercentage: 20 }],
      parents: [{ path: 'main', originalUrl: 'https://a.test/p', canonicalUrl: 'https://a.test/p', depth: 1 }],
      offsetXPercentage: 5,
      offsetYPercentage: 6,
    } as unknown as ThreadResponse;
    expect(anchorFromThread(thread)).toEqual({
      url: 'https://a.test/p',
      canonicalUrl: 'https://a.test/p',
      elements: [{ elementPath: '#x', offsetXPercentage: 10, offsetYPercentage: 20 }],
      elementParents: [{ url: 'https://a.test/p', canonicalUrl: 'https://a.test/p', path: 'main', depth: 1 }],
      offsetXPercentage: 5,
      offsetYPercentage: 6,
    });
    const bare = anchorFromThread({} as ThreadResponse);
    expect(bare.elements).toEqual([]);
    expect(locatePin(bare).status).toBe('orphaned');
  });

  it('round-trips a described pin through the wire shape', () => {
    const item = fixture.querySelectorAll('li')[1]!;
    const anchor = describePin(item, ...(Object.values(centerOf(item)) as [number, number]));
    const thread = {
      elements: anchor.elements.map((e) => ({
        path: e.elementPath,
        offsetXPercentage: e.offsetXPercentage,
        offsetYPercentage: e.offsetYPercentage,
      })),
      parents: anchor.elementParents.map((p) => ({ path: p.path, depth: p.depth, originalUrl: p.url, canonicalUrl: p.canonicalUrl })),
      offsetXPercentage: anchor.offsetXPercentage,
      offsetYPercentage: anchor.offsetYPercentage,
    } as unknown as ThreadResponse;
    const located = locatePin(anchorFromThread(thread));
    expect(located.element).toBe(item);
    expect(located.clientX).toBeCloseTo(centerOf(item).x, 5);
  });
});

describe('canonicalUrlOf', () => {
  it('prefers <link rel=canonical> as an absolute URL', () => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = '/the-canonical-page';
    document.head.append(link);
    try {
      expect(canonicalUrlOf(document)).toBe(new URL('/the-canonical-page', document.baseURI).href);
    } finally {
      link.remove();
    }
  });
});

describe('structural paths', () => {
  it('anchor at the nearest stable id and count from both ends', () => {
    const li = fixture.querySelectorAll('li')[2]!;
    const { forward, backward, anchor } = structuralPaths(li, new WorkBudget(100, 1000));
    expect(anchor).toBe(fixture);
    expect(forward.startsWith('#fixture')).toBe(true);
    expect(forward).toContain('li:nth-of-type(3)');
    expect(backward).toContain('li:nth-last-of-type(1)');
    expect(document.querySelector(forward)).toBe(li);
    expect(document.querySelector(backward)).toBe(li);
  });
});
