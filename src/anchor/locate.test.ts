import { afterEach, describe, expect, it } from 'vitest';
import { describePin } from './describe';
import { unmarked } from './fingerprint';
import { locatePin, resolvePin } from './locate';
import type { PinAnchor, PinElement } from './types';

let fixture: HTMLElement;

/** Status and element, the element compared by identity (toMatchObject would compare DOM nodes by shape). */
function expectPin(resolved: { status: string; element: Element | null }, status: string, element: Element | null | undefined): void {
  expect(resolved.status).toBe(status);
  expect(resolved.element).toBe(element);
}

function mount(html: string): HTMLElement {
  fixture = document.createElement('div');
  fixture.id = 'fx';
  fixture.style.cssText = 'position:absolute;left:0;top:0;width:800px';
  fixture.innerHTML = html;
  document.body.append(fixture);
  return fixture;
}

afterEach(() => fixture?.remove());

const spot = (elementPath: string): PinElement => ({ elementPath, offsetXPercentage: 50, offsetYPercentage: 50 });
const anchorOf = (paths: string[], parents: { path: string; depth: number }[] = [], page = Number.NaN): PinAnchor => ({
  url: '',
  canonicalUrl: '',
  elements: paths.map(spot),
  elementParents: parents.map((p) => ({ url: '', canonicalUrl: '', ...p })),
  offsetXPercentage: page,
  offsetYPercentage: page,
});
const list = (items: string[]) => `<ul>${items.map((t) => `<li>${t}</li>`).join('')}</ul>`;
const items = () => Array.from(fixture.querySelectorAll('li'));

describe('voting', () => {
  it('a position-free path outweighs counting paths that now name a neighbour', () => {
    mount(`<ul><li data-testid="a">A</li><li data-testid="b">B</li><li>C</li></ul>`);
    const b = fixture.querySelector('[data-testid="b"]')!;
    const resolved = resolvePin(anchorOf(['[data-testid="b"]', '#fx > ul > li:nth-of-type(2)', '#fx > ul > li:nth-last-of-type(2)']));
    expectPin(resolved, 'exact', b);
    fixture.querySelector('ul')!.prepend(document.createElement('li')); // both counts now name "A"
    expectPin(resolvePin(anchorOf(['[data-testid="b"]', '#fx > ul > li:nth-of-type(2)', '#fx > ul > li:nth-last-of-type(2)'])), 'exact', b);
  });

  it('trusts counting paths only when both directions agree', () => {
    mount(list(['A', 'B', 'C', 'D']));
    const anchor = anchorOf(['#fx > ul > li:nth-of-type(2)', '#fx > ul > li:nth-last-of-type(3)']);
    expectPin(resolvePin(anchor), 'exact', items()[1]);
    fixture.querySelector('ul')!.prepend(document.createElement('li'));
    // Forward now names "A", backward still "B": something moved here, so the list stands in.
    expectPin(resolvePin(anchor), 'approximate', fixture.querySelector('ul'));
  });

  it('reports conflicting position-free paths as approximate, on what contains both', () => {
    mount('<section><h2 class="title">One</h2><h2 id="two">Two</h2></section>');
    expectPin(resolvePin(anchorOf(['.title', '#two'])), 'approximate', fixture.querySelector('section'));
  });

  it('follows a nameless item by its content through a re-sort, and through an insertion before it', () => {
    mount(list(['Apples and pears', 'Bananas from the market', 'Cherries in May', 'Dates for dessert']));
    const cherries = items()[2]!;
    const anchor = describePin(cherries, 0, 0);
    const ul = fixture.querySelector('ul')!;
    ul.append(items()[0]!, items()[1]!); // re-sort: Cherries, Dates, Apples, Bananas
    expectPin(resolvePin(anchor), 'exact', cherries);
    ul.prepend(Object.assign(document.createElement('li'), { textContent: 'Elderberries' }));
    expectPin(resolvePin(anchor), 'exact', cherries);
  });

  it('keeps an element edited in place, and gives up the position when another item took it', () => {
    mount(list(['Apples and pears', 'Bananas from the market', 'Cherries in May', 'Dates for dessert']));
    const bananas = items()[1]!;
    const anchor = describePin(bananas, 0, 0);
    bananas.textContent = 'Plantains'; // edited where it stands: same neighbours
    expectPin(resolvePin(anchor), 'exact', bananas);
    const ul = fixture.querySelector('ul')!;
    ul.append(items()[0]!); // a re-sort brings Cherries to its place, and the text no longer tells
    const moved = resolvePin(anchor);
    expect(moved.status).toBe('approximate');
    expect(moved.element === null || moved.element.contains(bananas)).toBe(true);
  });

  it('finds a moved element whose text was edited by what it kept, ignoring words all its kind share', () => {
    const rows = [
      'alpha bravo charlie delta echo',
      'foxtrot golf hotel india juliet',
      'kilo lima mike november oscar',
      'papa quebec romeo sierra tango',
    ];
    mount(list(rows.map((r) => `${r} example com`)));
    const target = items()[1]!;
    const anchor = describePin(target, 0, 0);
    target.textContent = 'foxtrot golf hotel india juliet uniform example com'; // edited…
    fixture.querySelector('ul')!.append(items()[0]!, items()[1]!); // …and moved
    expectPin(resolvePin(anchor), 'exact', target);
  });

  it('when a look-alike lands before a nameless cell, the contender still holding its words wins', () => {
    mount(
      '<table><tbody><tr><td>name</td><td>string</td><td>The user name</td></tr><tr><td>age</td><td>string</td><td>Years</td></tr></tbody></table>',
    );
    const cell = fixture.querySelectorAll('td')[1]!;
    const anchor = describePin(cell, 0, 0);
    cell.before(Object.assign(document.createElement('td'), { textContent: 'inserted' }));
    expectPin(resolvePin(anchor), 'exact', cell);
  });

  it('without content marks, counting paths alone cannot see a re-sort (why the marks exist)', () => {
    mount(list(['Apples and pears', 'Bananas from the market', 'Cherries in May']));
    const bananas = items()[1]!;
    const anchor = describePin(bananas, 0, 0);
    const plain = { ...anchor, elements: anchor.elements.map((e) => ({ ...e, elementPath: unmarked(e.elementPath) })) };
    fixture.querySelector('ul')!.append(items()[0]!); // Bananas, Cherries, Apples
    expect(resolvePin(plain).element).toBe(items()[1]); // Cherries, silently
    expectPin(resolvePin(anchor), 'exact', bananas);
  });

  it('locates a single-path thread from another client as before', () => {
    mount(list(['A', 'B']));
    expectPin(resolvePin(anchorOf(['#fx > ul > li:nth-child(2)'])), 'exact', items()[1]);
  });

  it('ignores elements that are not rendered', () => {
    mount('<p class="note">a</p><p class="other">b</p>');
    fixture.querySelector<HTMLElement>('.note')!.style.display = 'none';
    expectPin(resolvePin(anchorOf(['.note'], [{ path: '#fx', depth: 1 }])), 'approximate', fixture);
  });
});

describe('fallbacks', () => {
  it('stands in the nearest ancestor that resolves, the pin at the same relative spot', () => {
    mount('<section class="panel"><p>gone soon</p></section>');
    const anchor = anchorOf(
      ['.missing'],
      [
        { path: '.nope', depth: 1 },
        { path: '.panel', depth: 2 },
      ],
    );
    const located = locatePin(anchor);
    const rect = fixture.querySelector('.panel')!.getBoundingClientRect();
    expect(located.status).toBe('approximate');
    expect(located.element).toBe(fixture.querySelector('.panel'));
    expect(located.clientX).toBeCloseTo(rect.left + rect.width / 2, 5);
  });

  it('an ancestor plus a path that now matches several elements inside it finds the element', () => {
    mount('<div class="a"><span class="x">1</span></div><div class="b"><span class="x">2</span></div>');
    const two = fixture.querySelectorAll('.x')[1]!;
    expectPin(resolvePin(anchorOf(['.x'], [{ path: '.b', depth: 1 }])), 'exact', two);
  });

  it('trusts ancestors found by counting only when both directions agree', () => {
    mount('<div><p>1</p></div><div><p>2</p></div><div><p>3</p></div>');
    const parents = [
      { path: '#fx > div:nth-of-type(2)', depth: 1 },
      { path: '#fx > div:nth-last-of-type(1)', depth: 1 },
      { path: '#fx', depth: 2 },
    ];
    expectPin(resolvePin(anchorOf(['.gone'], parents)), 'approximate', fixture);
  });

  it('uses page offsets when nothing resolves, and is orphaned without them', () => {
    mount('<p>x</p>');
    const page = resolvePin(anchorOf(['.gone'], [], 30));
    expectPin(page, 'approximate', null);
    expect(page.pageXPercentage).toBe(30);
    expect(resolvePin(anchorOf(['.gone'])).status).toBe('orphaned');
  });
});

describe('hostile anchors', () => {
  it('never throws, whatever the paths', () => {
    mount(list(['A', 'B']));
    const hostile = [
      '###',
      'li:nth-child(',
      'a'.repeat(5000),
      Array.from({ length: 100 }, () => 'li').join(' > '),
      '*:has(*):has(*):has(*)',
      ':is(:not(:is(:not(li))))',
      '\u0000',
    ];
    const anchor = anchorOf(
      hostile,
      hostile.map((path, i) => ({ path, depth: i + 1 })),
    );
    expect(() => resolvePin(anchor)).not.toThrow();
    expect(resolvePin(anchor).status).toBe('orphaned');
    const weird = { elements: [null, 7, { elementPath: 42 }], elementParents: 'no', offsetXPercentage: 'x' } as unknown as PinAnchor;
    expect(resolvePin(weird).status).toBe('orphaned');
    const throwing = {
      get elements(): never {
        throw new Error('boom');
      },
    } as unknown as PinAnchor;
    expect(resolvePin(throwing).status).toBe('orphaned');
  });

  it('keeps honest paths working next to hostile ones', () => {
    mount(list(['A', 'B']));
    expectPin(resolvePin(anchorOf(['###', 'x'.repeat(3000), '#fx li:nth-of-type(2)', '#fx li:nth-last-of-type(1)'])), 'exact', items()[1]);
  });
});
