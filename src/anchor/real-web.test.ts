/**
 * The weaknesses issue 14 found on real-world pages, each as the smallest page that shows it: items
 * that differ only by their text re-sorted (a pin must follow its item or be placed approximately,
 * never land silently on another), text edited in place (30 % of a block's words), and ids counted
 * out by a framework renumbered by a re-render. See bench/survival.ts for the same at scale.
 */
import { describe, expect, it } from 'vitest';
import { resolvePin } from './locate';
import { expectNotWrong, fixture, mount, storedPin } from './test-kit';

const pin = storedPin;

const PROSE =
  'Harbor lanterns glowed over the quiet water while the ferry crews counted crates of copper wire, maple syrup and ' +
  'winter wool for the northern islands, and the harbour master wrote every manifest twice in a ledger bound with ' +
  'green cloth, because the last storm had soaked the only copy and nobody wanted to reconstruct a season of cargo ' +
  'from memory again. ';

describe('items that differ only by their text, re-sorted', () => {
  it('links re-sorted at the end of a long paragraph: the pin does not stay on the link now in its place', () => {
    // The paragraph's first 300 characters (what its content mark reads) do not change when its links trade places.
    // "shadow" is linked twice on the page, so the paragraph's content is what sets the pinned link apart.
    mount(
      `<article><p>${PROSE}See <a href="/w">shadow</a>, <a href="/w">sugar</a> and <a href="/w">timber</a>.</p><p>Also <a href="/w">shadow</a> here.</p></article>`,
    );
    const shadow = fixture().querySelector('a')!;
    const anchor = pin(shadow);
    fixture().querySelector('p')!.append(shadow); // sugar, timber, shadow: sugar now stands first
    expectNotWrong(resolvePin(anchor), shadow);
  });

  it('a reply re-sorted among replies that read like their own body: the pin follows it', () => {
    const reply = (who: string, text: string) =>
      `<li><div class="comment"><div class="comment__body"><b>${who}</b><p>${text}</p></div></div></li>`;
    // The first reply is long: the list's first 300 characters (what its content mark reads) survive the re-sort below it.
    mount(
      `<ul class="replies">${reply('ann', PROSE)}${reply('bob', 'Maple syrup is late again')}${reply('cy', 'Winter wool sold out')}</ul>`,
    );
    const comment = fixture().querySelectorAll('.comment')[1]!;
    const anchor = pin(comment);
    fixture().querySelector('ul')!.append(comment.parentElement!); // ann, cy, bob: cy's reply now stands where bob's stood
    expectNotWrong(resolvePin(anchor), comment);
  });
});

describe('text edited where it stands', () => {
  it('a paragraph of a long article with 30 % of its words replaced is still exact', () => {
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) =>
        `<p>${PROSE.split(' ')
          .slice(i, i + 30)
          .join(' ')} number ${i}</p>`,
    );
    mount(`<article>${paragraphs.join('')}</article>`);
    const target = fixture().querySelectorAll('p')[12]!;
    const anchor = pin(target);
    const words = target.textContent!.split(' ');
    target.textContent = words.map((w, i) => (i % 3 === 1 ? 'edited' + i : w)).join(' ');
    target.previousElementSibling!.textContent += ' and a sentence added to its neighbour';
    const resolved = resolvePin(anchor);
    expect(resolved.status).toBe('exact');
    expect(resolved.element).toBe(target);
  });
});

describe('ids counted out by a framework', () => {
  it('a label found through `for="gwt-uid-12"` is not followed to the field that holds that id after a re-render', () => {
    const field = (n: number, label: string) =>
      `<div class="field"><label for="gwt-uid-${n}">${label}</label><input id="gwt-uid-${n}"></div>`;
    mount(`<form>${field(12, 'First name')}${field(13, 'Last name')}${field(14, 'Company')}</form>`);
    const company = fixture().querySelectorAll('label')[2]!;
    const anchor = pin(company);
    expect(JSON.stringify(anchor)).not.toContain('gwt-uid');
    // Two more components rendered before the form: every counter moves on by two, and the old
    // `gwt-uid-14` now belongs to the first field.
    for (const e of Array.from(fixture().querySelectorAll('[for],[id]'))) {
      for (const name of ['for', 'id']) {
        const value = e.getAttribute(name);
        if (value)
          e.setAttribute(
            name,
            value.replace(/\d+$/, (n) => String(Number(n) + 2)),
          );
      }
    }
    const resolved = resolvePin(anchor);
    expect(resolved.element).toBe(company);
  });
});
