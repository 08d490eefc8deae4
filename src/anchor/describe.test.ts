import { describe, expect, it } from 'vitest';
import { WorkBudget } from './budget';
import { candidatePaths, parentPaths } from './candidates';
import { describePin } from './describe';
import { marksIn, unmarked } from './fingerprint';
import { pathKind } from './path-kind';
import { fixture, mount } from './test-kit';

const pathsOf = (target: Element) => describePin(target, 0, 0).elements.map((e) => e.elementPath);

describe('candidate paths', () => {
  it('writes 2–4 distinct paths, each matching the element alone, none over 2000 characters', () => {
    mount(`<main><ul class="menu">${'<li><a>Item</a></li>'.repeat(6)}</ul><p>Text <b>bold</b></p></main>`);
    for (const target of Array.from(fixture().querySelectorAll('*'))) {
      const paths = pathsOf(target);
      expect(paths.length).toBeGreaterThanOrEqual(2);
      expect(paths.length).toBeLessThanOrEqual(4);
      expect(new Set(paths).size).toBe(paths.length);
      for (const path of paths) {
        expect(path.length).toBeLessThanOrEqual(2000);
        expect(Array.from(document.querySelectorAll(path))).toEqual([target]);
      }
    }
  });

  it('prefers stable hooks: test ids, ids, form names, labels, link targets', () => {
    mount(`
      <div data-testid="card"><span>a</span></div>
      <section id="pricing"><h2>Pricing</h2></section>
      <form><input name="email"><button aria-label="Close dialog">×</button></form>
      <nav><a href="/docs">Docs</a><a href="/blog">Blog</a></nav>`);
    expect(pathsOf(fixture().querySelector('[data-testid]')!)[0]).toBe('[data-testid="card"]');
    expect(pathsOf(fixture().querySelector('section')!)[0]).toBe('#pricing');
    expect(pathsOf(fixture().querySelector('input')!)[0]).toBe('[name="email"]');
    expect(pathsOf(fixture().querySelector('button')!)[0]).toBe('[aria-label="Close\\ dialog"]');
    expect(pathsOf(fixture().querySelector('a[href="/docs"]')!)[0]).toBe('[href="\\/docs"]');
  });

  it('never writes generated or state names', () => {
    mount(`
      <div id=":r3:" class="css-1x2y3z sc-bdVaJa jYkLpd is-active">
        <div id="ember1234" class="jsx-2837465102 _a1b2c3 open"><span id="radix-:r9:" class="p-4 text-gray-600">x</span></div>
      </div>`);
    const anchor = describePin(fixture().querySelector('span')!, 0, 0);
    const all = [...anchor.elements.map((e) => e.elementPath), ...anchor.elementParents.map((p) => p.path)].join('\n');
    expect(all).not.toMatch(/r3|r9|css-1x2y3z|sc-bdVaJa|jYkLpd|is-active|ember1234|jsx-|_a1b2c3|\bopen\b|p-4|text-gray/);
  });

  it('keys a nameless list item on the hook it contains (survives a re-sort)', () => {
    mount(`<ul>${[1, 2, 3].map((n) => `<li class="card"><h3>Title</h3><a href="/p/${n}">Buy</a></li>`).join('')}</ul>`);
    const title = fixture().querySelectorAll('h3')[1]!;
    const keyed = pathsOf(title).find((p) => p.includes(':has('));
    expect(keyed).toBe('li.card:has(a[href="/p/2"]) h3');
    fixture().querySelector('ul')!.prepend(fixture().querySelectorAll('li')[2]!);
    expect(document.querySelector(keyed!)).toBe(title);
  });

  it('writes a forward and a backward counting path, with content marks other clients read as plain CSS', () => {
    mount(`<article>${['One', 'Two', 'Three', 'Four'].map((t) => `<p>${t} paragraph</p>`).join('')}</article>`);
    const paragraph = fixture().querySelectorAll('p')[1]!;
    const paths = pathsOf(paragraph);
    const forward = paths.find((p) => pathKind(p) === 'forward')!;
    const backward = paths.find((p) => pathKind(p) === 'backward')!;
    expect(unmarked(forward)).toMatch(/p:nth-of-type\(2\)$/);
    expect(unmarked(backward)).toMatch(/p:nth-last-of-type\(3\)$/);
    expect(marksIn(forward).map((m) => m.kind)).toEqual(['t']);
    expect(marksIn(backward).some((m) => m.kind === 'n')).toBe(true);
    // The marks exclude nothing: with or without them the path names the same element.
    expect(document.querySelector(forward)).toBe(document.querySelector(unmarked(forward)));
  });

  it('writes ancestors by depth, the nearest first, without body', () => {
    mount('<div class="outer"><div class="inner"><p><em>deep</em></p></div></div>');
    const parents = parentPaths(fixture().querySelector('em')!, new WorkBudget(300, 1000));
    const depths = [...new Set(parents.map((p) => p.depth))];
    expect(depths).toEqual([1, 2, 3, 4]);
    for (const { path, depth } of parents) {
      let expected: Element = fixture().querySelector('em')!;
      for (let i = 0; i < depth; i++) expected = expected.parentElement!;
      expect(document.querySelector(path)).toBe(expected);
    }
  });

  it('stops searching when the budget is spent and still writes paths that need no search', () => {
    mount(`<main>${'<section><div><p>x</p></div></section>'.repeat(30)}</main>`);
    const budget = new WorkBudget(0, 1000);
    const paths = candidatePaths(fixture().querySelectorAll('p')[7]!, budget);
    expect(budget.queries).toBe(0);
    expect(paths.length).toBe(2);
    for (const path of paths) expect(document.querySelector(path)).toBe(fixture().querySelectorAll('p')[7]);
  });
});

describe('ancestors when the budget is spent', () => {
  it('still writes a path for every ancestor, even of an element anchored by its own id', () => {
    mount('<section class="card"><div><a id="target" href="#x">Buy</a></div></section>');
    const target = document.getElementById('target')!;
    const spent = new WorkBudget(0, 0); // a machine so slow that no query fits
    const parents = parentPaths(target, spent);
    const depths = [...new Set(parents.map((p) => p.depth))];
    expect(depths.slice(0, 3)).toEqual([1, 2, 3]);
    for (const { path, depth } of parents) {
      let ancestor: Element = target;
      for (let i = 0; i < depth; i++) ancestor = ancestor.parentElement!;
      expect(document.querySelector(path), `depth ${depth}: ${path}`).toBe(ancestor);
    }
  });
});
