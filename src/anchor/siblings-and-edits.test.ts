/**
 * What the survival bench still lost after the second round of issue 14 point 9, each as
 * the smallest page that shows it. A sibling's removal must not unplace an element that is still
 * there with its own text unchanged, and the new allowances must not let a neighbour or a look-alike
 * take a pin (a wrong pin is worse than one listed as not placed).
 */
import { describe, expect, it } from 'vitest';
import { resolvePin } from './locate';
import { expectNotWrong, fixture, mount, storedPin } from './test-kit';

const pin = storedPin;

/** A phpBB-era post: no class anywhere, the date shared by two posts, so positions and the post's text tell it apart. */
const post = (author: string, date: string, body: string) =>
  `<tr><td><font>${author}</font></td><td><table><tbody><tr><td><font>Posted: ${date}</font> <font>Post subject: Re: ${body.split(' ')[0]}</font></td></tr><tr><td><font>${body}</font></td></tr></tbody></table></td></tr>`;
const FORUM = `<center><table><tbody>${[
  post('ann', 'Mon Jun 12, 2006 9:14 pm', 'Harbor lanterns glowed over the quiet water tonight'),
  post('bob', 'Mon Jun 12, 2006 9:14 pm', 'Maple syrup is late again this winter for everyone'),
  post('cy', 'Tue Jun 13, 2006 8:02 am', 'Winter wool sold out before the ferry came in'),
].join('')}</tbody></table></center>`;

describe('a sibling removed', () => {
  it('right before the pinned element: one count runs past the end, the other still names it with its text unchanged', () => {
    mount(FORUM);
    const date = fixture().querySelectorAll('td td font')[3]!; // bob's "Posted: …", the same date as ann's
    expect(date.textContent).toBe('Posted: Mon Jun 12, 2006 9:14 pm');
    const anchor = pin(date);
    date.nextElementSibling!.remove(); // the "Post subject" after it: the backward count now names nothing
    const resolved = resolvePin(anchor);
    expect(resolved.status).toBe('exact');
    expect(resolved.element).toBe(date);
  });

  it('an empty cell removed: the cell beside it, which reads as its row did, does not take its pin', () => {
    // Rows shared by two posts: the empty cell's own mark is its row's text, which the cell beside it holds too.
    const head = (date: string, body: string) =>
      `<table><tbody><tr><td>Posted: ${date}</td><td></td></tr><tr><td>${body}</td></tr></tbody></table>`;
    mount(
      `<div>${head('Mon Jun 12', 'Harbor lanterns glowed over the water')}${head('Mon Jun 12', 'Maple syrup is late again')}${head('Tue Jun 13', 'Winter wool sold out')}</div>`,
    );
    const empty = fixture().querySelectorAll('table')[1]!.querySelectorAll('td')[1]!;
    const row = empty.parentElement!;
    const anchor = pin(empty);
    empty.remove();
    const resolved = resolvePin(anchor);
    expect(resolved.status).not.toBe('exact');
    expect(resolved.element === null || resolved.element.contains(row)).toBe(true);
  });
});

describe('text edited', () => {
  it('an inline word rewritten together with the paragraph around it: its neighbours, edited alike, still place it', () => {
    const paragraph = (before: string, word: string, after: string) =>
      `<p>Then <b>${before}</b> and <strong>${word}</strong> with <em>${after}</em> end.</p>`;
    mount(
      `<div>${paragraph('quiet harbor water', 'compass', 'copper wire crates')}${paragraph('winter wool bales', 'magnet', 'maple syrup barrels')}${paragraph('ferry crews rowing', 'anchor', 'green ledger cloth')}</div>`,
    );
    const strong = fixture().querySelectorAll('strong')[1]!;
    const anchor = pin(strong);
    // An editor rewrote the second paragraph: the pinned word and a word in each neighbour.
    strong.textContent = 'lodestone';
    strong.previousElementSibling!.textContent = 'winter wool sacks';
    strong.nextElementSibling!.textContent = 'maple syrup casks';
    const resolved = resolvePin(anchor);
    expect(resolved.status).toBe('exact');
    expect(resolved.element).toBe(strong);
  });

  it('rows re-sorted and the pinned email edited: another row’s email, as like it as the edited one, does not take the pin', () => {
    const people = ['ann.lee', 'bob.kim', 'cy.ito', 'dee.roy', 'eve.lam'];
    mount(
      `<table><tbody>${people.map((p) => `<tr><td>${p.replace('.', ' ')}</td><td>${p}@mail.example.com</td><td>Admin</td></tr>`).join('')}</tbody></table>`,
    );
    const rows = Array.from(fixture().querySelectorAll('tr'));
    const email = rows[1]!.cells[1]!;
    const anchor = pin(email);
    email.textContent = 'zed.kim@mail.example.com';
    rows[1]!.before(rows[2]!); // cy's row now stands where bob's stood
    expectNotWrong(resolvePin(anchor), email);
  });
});
