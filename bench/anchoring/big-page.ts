/**
 * A 50 000-element page for the cost probes: an app shell whose main area repeats realistic blocks
 * (card grids, tables, comment lists, forms, articles) with a mix of stable classes, utility classes,
 * CSS-in-JS hashes, generated ids, a few test ids and many links — the size where a careless
 * selector search freezes a page for seconds.
 */
import { Gen, h, t, type Rng } from './gen.ts';

export function buildBigPage(doc: Document, count: number, rng: Rng): number {
  const g = new Gen(rng);
  const blocks: string[] = [];
  let elements = 0;
  const add = (html: string, size: number) => {
    blocks.push(html);
    elements += size;
  };
  const hashed = Array.from({ length: 30 }, () => g.emotion());
  while (elements < count - 40) {
    const n = g.serial();
    switch (n % 5) {
      case 0:
        add(
          h(
            'section',
            { class: `card-grid ${g.pick(hashed)}` },
            h('h2', {}, t(g.title(3))),
            ...Array.from({ length: 8 }, () => {
              const name = g.title(2);
              return h(
                'div',
                { class: `card flex flex-col p-4 ${g.pick(hashed)}` },
                h('a', { href: `/items/${g.slug(name)}-${g.serial()}` }, h('img', { alt: name, width: 80, height: 60 })),
                h('h3', { class: 'card__title' }, t(name)),
                h('p', {}, t(g.sentence())),
                h('button', { type: 'button' }, 'Open'),
              );
            }),
          ),
          2 + 8 * 6,
        );
        break;
      case 1: {
        const row = () =>
          h('tr', { 'data-row-id': g.chance(0.3) ? `r${g.serial()}` : null }, ...Array.from({ length: 4 }, () => h('td', {}, t(g.word()))));
        add(h('table', { class: 'data' }, h('tbody', {}, ...Array.from({ length: 10 }, row))), 2 + 10 * 5);
        break;
      }
      case 2:
        add(
          h(
            'ul',
            { class: 'comments', id: g.generatedId('react') },
            ...Array.from({ length: 8 }, () =>
              h(
                'li',
                { class: g.pick(hashed) },
                h('strong', {}, t(g.title(1))),
                h('span', {}, t(g.sentence())),
                h('a', { href: `/u/${g.word()}` }, 'profile'),
              ),
            ),
          ),
          1 + 8 * 4,
        );
        break;
      case 3:
        add(
          h(
            'form',
            { class: 'settings-form', 'data-testid': g.chance(0.2) ? `form-${n}` : null },
            ...Array.from({ length: 6 }, () => {
              const f = g.word() + g.serial();
              return h('label', { class: 'field' }, t(f), h('input', { name: f }));
            }),
            h('button', { type: 'submit' }, 'Save'),
          ),
          2 + 6 * 2,
        );
        break;
      default:
        add(
          h(
            'article',
            { class: 'post' },
            h('h2', { id: `post-${n}` }, t(g.title(4))),
            ...Array.from({ length: 6 }, () => h('p', {}, t(g.sentence()), h('em', {}, t(g.word())), t(g.sentence()))),
            h('div', { class: 'post__footer' }, h('a', { href: `/posts/${n}` }, 'Read more')),
          ),
          4 + 6 * 2 + 1,
        );
    }
  }
  doc.body.innerHTML = h(
    'div',
    { id: 'app', class: 'app-shell' },
    h('header', { class: 'topbar' }, h('a', { href: '/' }, 'Home'), h('input', { type: 'search', name: 'q', 'aria-label': 'Search' })),
    h(
      'div',
      { class: 'layout' },
      h('nav', { class: 'sidebar' }, ...Array.from({ length: 10 }, (_, i) => h('a', { href: `/section/${i}` }, `Section ${i}`))),
      h('main', { class: 'content' }, ...blocks),
    ),
  );
  return doc.body.getElementsByTagName('*').length;
}
