/**
 * What the locator does when the pinned element itself cannot be found (issue 14, second round):
 * the pin may be placed approximately on a real ancestor or not at all, never on a look-alike. Two
 * ways the survival bench found it landing elsewhere: a counted ancestor path naming another item
 * after its list was re-sorted, and a neighbour holding just the telling words of a removed cell
 * taken for that cell edited.
 */
import { describe, expect, it } from 'vitest';
import { resolvePin } from './locate';
import { fixture, mount, storedPin } from './test-kit';

const pin = storedPin;

describe('the pinned element is gone', () => {
  it('its list re-sorted as well: the pin is not placed on the item now counted where its item stood', () => {
    const item = (who: string, text: string) => `<li><b>${who}</b> <span>${text}</span> <i>3 hours ago</i></li>`;
    mount(
      `<div><ul>${item('ann', 'Harbor lanterns glowed over the quiet water')}${item('bob', 'Maple syrup is late again this winter')}${item('cy', 'Winter wool sold out before the ferry came')}${item('dee', 'Copper wire for the northern islands')}</ul></div>`,
    );
    const bob = fixture().querySelectorAll('li')[1]!;
    bob.querySelector('span')!.insertAdjacentHTML('afterend', ' <q>a quote only this item has</q>');
    // Gone with it, its paths match nothing: only the ancestors' paths are left to place the pin.
    const anchor = pin(bob.querySelector('q')!);
    bob.querySelector('q')!.remove();
    fixture().querySelector('ul')!.append(bob); // ann, cy, dee, bob: cy's item is now the second
    const resolved = resolvePin(anchor);
    expect(resolved.status).not.toBe('exact');
    expect(resolved.element === null || resolved.element.contains(bob)).toBe(true);
  });

  it('a removed email cell is not found again in the name cell beside it, which holds its telling words', () => {
    const row = (name: string) => {
      const slug = name.toLowerCase().replace(' ', '-');
      return `<tr><td>${name}</td><td>${slug}@example.com</td><td>Editor</td><td>Active</td><td><button>Edit</button></td></tr>`;
    };
    mount(
      `<table><tbody>${['Oasis search', 'Maple ridge', 'Copper dawn', 'Lunar cabin', 'Velvet orbit'].map(row).join('')}</tbody></table>`,
    );
    const email = fixture().querySelectorAll('tr')[2]!.children[1]!;
    const anchor = pin(email);
    email.remove();
    const resolved = resolvePin(anchor);
    expect(resolved.status).not.toBe('exact');
    expect(resolved.element === null || resolved.element.contains(fixture().querySelectorAll('tr')[2]!)).toBe(true);
  });

  it('a removed line of a post is not found again in another post whose line differs by one word', () => {
    const post = (user: string, rank: string, joined: string, posts: number) =>
      `<tr><td><font size="2"><b>${user}</b></font><br><font size="1">${rank}<br>Joined: ${joined}<br>Posts: ${posts}</font></td><td>message of ${user}</td></tr>`;
    mount(
      `<table><tbody>${post('Ann', 'Member', 'Jan 2004', 8)}${post('Bob', 'Member', 'Jan 2004', 39)}${post('Cy', 'Regular', 'Mar 2005', 12)}${post('Dee', 'Moderator', 'Nov 2006', 5)}${post('Eve', 'Newbie', 'Jul 2003', 20)}</tbody></table>`,
    );
    const line = fixture().querySelectorAll('tr')[0]!.querySelectorAll('font')[1]!;
    const anchor = pin(line);
    line.remove();
    const resolved = resolvePin(anchor);
    expect(resolved.status).not.toBe('exact');
  });
});

describe('a wrapper inserted', () => {
  it('around a field every card shares: the pin is not exact on the wrapper that took its place', () => {
    const card = (name: string) => `<li><div>${name}</div><div>$19.99</div><div>Ships in 3 days</div></li>`;
    mount(`<ul>${['Harbor lantern', 'Maple syrup', 'Winter wool', 'Copper wire', 'Quiet water'].map(card).join('')}</ul>`);
    const stock = fixture().querySelectorAll('li')[2]!.lastElementChild!;
    const anchor = pin(stock);
    const wrapper = document.createElement('div');
    wrapper.className = 'layout-slot';
    stock.before(wrapper);
    wrapper.append(stock);
    const resolved = resolvePin(anchor);
    if (resolved.status === 'exact') expect(resolved.element).toBe(stock);
    else expect(resolved.element === null || resolved.element.contains(stock)).toBe(true);
  });
});
