/**
 * What the survival bench still lost in the fourth round of issue 14 point 9, each as the smallest
 * page that shows it: a wrapper inserted where the pinned element stood (the paths then name the
 * wrapper, and every mark read at an ancestor's level reads one level too low), an item re-sorted
 * and edited at once (its old place keeps its neighbours), a short label grown, and a look-alike
 * inserted beside the pinned element. Each pin must land on its element or be placed approximately
 * around it — never on another element.
 */
import { describe, expect, it } from 'vitest';
import { resolvePin } from './locate';
import { expectNotWrong, fixture, mount, storedPin } from './test-kit';

const pin = storedPin;

/** Every wrapper the bench inserts: a classed or bare div/section around one element. */
function wrap(element: Element, className = 'wrapper'): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.className = className;
  element.before(wrapper);
  wrapper.append(element);
  return wrapper;
}

const comment = (who: string, when: string, text: string) =>
  `<li><div class="comment-body"><div class="comment-author">${who} says:</div><div class="comment-meta"><a href="#c">${when}</a></div><p>${text}</p><div class="reply">Reply</div></div></li>`;
const COMMENTS = `<ol class="commentlist">${[
  comment('Ann', 'March 3, 2024 at 10:12 am', 'Harbor lanterns glowed over the quiet water'),
  comment('Bob', 'March 3, 2024 at 10:12 am', 'Maple syrup is late again this winter'),
  comment('Cy', 'March 5, 2024 at 1:30 pm', 'Winter wool sold out before the ferry came'),
].join('')}</ol>`;

describe('a wrapper inserted around the pinned element', () => {
  it('takes its place in every path: the pin goes on the element inside, not on the wrapper', () => {
    mount(COMMENTS);
    const reply = fixture().querySelectorAll('.reply')[1]!;
    const anchor = pin(reply);
    wrap(reply);
    const resolved = resolvePin(anchor);
    expectNotWrong(resolved, reply);
    expect(resolved.element).toBe(reply);
  });

  it('a bare wrapper around a price every card shares is told from the price by its class', () => {
    const card = (name: string) =>
      `<li class="card"><div class="card__name">${name}</div><div class="card__price">$29.99</div><div class="card__stock">In stock</div></li>`;
    mount(`<ul class="grid">${['Harbor lantern', 'Maple syrup', 'Winter wool', 'Copper wire'].map(card).join('')}</ul>`);
    const price = fixture().querySelectorAll('.card__price')[2]!;
    const anchor = pin(price);
    wrap(price, '');
    const resolved = resolvePin(anchor);
    expectNotWrong(resolved, price);
    expect(resolved.element).toBe(price);
  });

  it('named by its id’s child path, the wrapper put around it does not take the pin', () => {
    mount(`<div id="app-shell"><div class="css-3zfiz6"><h2>Overview</h2><p>Revenue rose in March</p></div></div>`);
    const inner = fixture().querySelector('#app-shell > div')!;
    const anchor = pin(inner);
    wrap(inner, 'layout-slot');
    const resolved = resolvePin(anchor);
    expectNotWrong(resolved, inner);
    expect(resolved.element).toBe(inner);
  });

  it('its comment’s text, now two levels up, still tells the date link apart from the other comments’', () => {
    mount(COMMENTS);
    const date = fixture().querySelectorAll('.comment-meta a')[1]!; // Bob's date, the same as Ann's
    const anchor = pin(date);
    wrap(date);
    const resolved = resolvePin(anchor);
    expect(resolved.status).toBe('exact');
    expect(resolved.element).toBe(date);
  });
});

describe('re-sorted and edited at once', () => {
  it('the item now standing where the pinned one stood, with the same neighbours, does not take the pin', () => {
    // Short lines (under four words): too short to be found again by likeness, so the old place's neighbours decide.
    const items = ['Garden harbor wall', 'Topaz thunder checkout', 'Swift wave export', 'Harvest vendor network'];
    mount(`<div class="pricing-card"><h3>Pro</h3><ul>${items.map((t) => `<li>${t}</li>`).join('')}</ul><a href="/signup">Start</a></div>`);
    const lis = Array.from(fixture().querySelectorAll('li'));
    const pinned = lis[3]!;
    const anchor = pin(pinned);
    lis[1]!.before(pinned); // garden, harvest, topaz, swift …
    lis[2]!.after(lis[1]!); // … garden, harvest, swift, topaz: topaz now last, after swift as harvest was
    pinned.textContent = 'Harvest vendor network kernel falcon';
    expectNotWrong(resolvePin(anchor), pinned);
  });
});

describe('a short label grown', () => {
  it('"Email" becoming "Email for invoices" beside a hint every field has is still exact', () => {
    const field = (label: string) => `<fieldset class="form-group"><legend>${label}</legend><div>Shown on your profile</div></fieldset>`;
    mount(`<form>${['Display name', 'Email', 'Company', 'City'].map(field).join('')}</form>`);
    const legend = fixture().querySelectorAll('legend')[1]!;
    const anchor = pin(legend);
    legend.textContent = 'Email for invoices and receipts';
    const resolved = resolvePin(anchor);
    expect(resolved.status).toBe('exact');
    expect(resolved.element).toBe(legend);
  });
});

describe('a look-alike inserted before the pinned element’s container', () => {
  it('a look-alike toolbar inserted before its own: the one of the two buttons counted whose toolbar reads like its own is it', () => {
    // Every toolbar has "Rename": the pinned button is told apart by its toolbar's text (an ancestor's mark).
    const toolbar = (labels: string[]) => `<div class="toolbar">${labels.map((l) => `<span class="btn">${l}</span>`).join('')}</div>`;
    mount(
      `<div class="desk">${toolbar(['New', 'Open', 'Rename', 'Delete', 'Print'])}${toolbar(['Copy', 'Paste', 'Rename', 'Move', 'Sync'])}${toolbar(['Upload', 'Share', 'Rename', 'Archive', 'Refresh'])}</div>`,
    );
    const rename = fixture().querySelectorAll('.toolbar')[2]!.children[2]!;
    const anchor = pin(rename);
    rename.textContent = 'Rename file';
    const lookalike = document.createElement('div');
    lookalike.className = 'toolbar';
    lookalike.innerHTML = ['echo', 'lemon', 'jasper', 'mosaic', 'cart', 'update'].map((l) => `<span class="btn">${l}</span>`).join('');
    rename.parentElement!.before(lookalike);
    const resolved = resolvePin(anchor);
    expect(resolved.status).toBe('exact');
    expect(resolved.element).toBe(rename);
  });
});

describe('the pinned element removed', () => {
  it('the next field, sharing its hint line, is not taken for it edited', () => {
    const field = (label: string, hint: string) =>
      `<fieldset class="form-group"><legend>${label}</legend><small>${hint}</small></fieldset>`;
    mount(
      `<form>${[
        ['Time zone', 'Required'],
        ['Company', 'Required'],
        ['Postal code', 'Shown on your profile'],
        ['Country', 'Shown on your profile'],
        ['City', 'Required'],
      ]
        .map(([l, h]) => field(l!, h!))
        .join('')}</form>`,
    );
    const postal = fixture().querySelectorAll('fieldset')[2]!;
    const anchor = pin(postal);
    postal.remove();
    const resolved = resolvePin(anchor);
    expect(resolved.status).not.toBe('exact');
    expect(resolved.element === null || resolved.element.contains(fixture().querySelector('form')!)).toBe(true);
  });
});
