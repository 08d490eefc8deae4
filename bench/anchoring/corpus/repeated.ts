/**
 * Corpus: lists of repeated items that differ only by their text — the pages where a pin on "Add to
 * cart" or "Reply" is told from its twins by nothing but the words around it. A shop category page
 * rendered by a script (cards without links or keys, a handful of prices, ratings and stock labels
 * that many cards share), a blog's comment list without ids (the same dates, the same "Reply" link),
 * and a site search whose result links carry per-visit signatures, so no link is a stable key.
 */
import { h, t, type PageBuilder } from '../gen.ts';

const PRICES = ['$9.99', '$14.99', '$19.99', '$24.99', '$29.99', '$49.99'];
const STOCK = ['In stock', 'In stock', 'Only 2 left', 'Ships in 3 days'];
const STARS = ['★★★★★', '★★★★☆', '★★★☆☆'];
const DATES = ['March 3, 2024 at 10:12 am', 'March 3, 2024 at 4:47 pm', 'March 4, 2024 at 8:05 am', 'March 5, 2024 at 1:30 pm'];

export const shopList: PageBuilder = (g) => {
  const card = () =>
    h(
      'li',
      { class: 'product-card' },
      h('img', { class: 'product-card__image', src: '/static/placeholder.svg', alt: '', width: 160, height: 160 }),
      h('div', { class: 'product-card__name' }, t(g.title(g.int(2, 4)))),
      h('div', { class: 'product-card__price' }, g.pick(PRICES)),
      h('div', { class: 'product-card__rating' }, g.pick(STARS), ' ', h('span', {}, `(${g.int(1, 12)})`)),
      h('div', { class: 'product-card__stock' }, g.pick(STOCK)),
      h('button', { class: 'btn btn--cart', type: 'button' }, 'Add to cart'),
      g.chance(0.5) ? h('button', { class: 'btn btn--wish', type: 'button', 'aria-label': 'Add to wishlist' }, '♡') : '',
    );
  return {
    css: `.product-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:12px;list-style:none;padding:0}.product-card{border:1px solid #ddd;padding:8px}
      .product-card__image{display:block;width:100%;height:auto;background:#eee}.facets li{padding:2px 0}.shop{display:grid;grid-template-columns:200px 1fr}
      @media (max-width:900px){.product-grid{grid-template-columns:repeat(2,1fr)}.shop{grid-template-columns:1fr}}`,
    body: h(
      'div',
      { class: 'shop' },
      h(
        'aside',
        { class: 'facets' },
        h('h3', {}, 'Price'),
        h(
          'ul',
          {},
          ...['Under $10', '$10 – $25', '$25 – $50'].map((f) => h('li', {}, h('label', {}, h('input', { type: 'checkbox' }), ' ', t(f)))),
        ),
        h('h3', {}, 'Rating'),
        h('ul', {}, ...STARS.map((s) => h('li', {}, h('label', {}, h('input', { type: 'checkbox' }), ' ', s, ' & up')))),
      ),
      h(
        'main',
        {},
        h('h1', {}, t(g.title(2))),
        h('p', { class: 'result-count' }, `Showing 1–${g.int(20, 48)} of ${g.int(60, 400)} results`),
        h('ul', { class: 'product-grid' }, ...Array.from({ length: g.int(12, 32) }, card)),
        h('nav', { class: 'pager' }, h('button', { type: 'button' }, 'Load more')),
      ),
    ),
  };
};

export const blogComments: PageBuilder = (g) => {
  const comment = (depth: number): string =>
    h(
      'li',
      { class: `comment depth-${depth}` },
      h(
        'div',
        { class: 'comment-body' },
        h(
          'div',
          { class: 'comment-author vcard' },
          h('img', { class: 'avatar avatar-32', src: '/wp-content/themes/x/mystery.png', alt: '', width: 32, height: 32 }),
          h('cite', { class: 'fn' }, t(g.title(g.int(1, 2)))),
          ' ',
          h('span', { class: 'says' }, 'says:'),
        ),
        h('div', { class: 'comment-meta commentmetadata' }, h('a', { href: '#comments' }, g.pick(DATES))),
        ...Array.from({ length: g.int(1, 2) }, () => h('p', {}, t(g.paragraph(1, 2)))),
        h('div', { class: 'reply' }, h('a', { class: 'comment-reply-link', href: '#respond', rel: 'nofollow' }, 'Reply')),
      ),
      depth < 3 && g.chance(0.35) ? h('ul', { class: 'children' }, ...Array.from({ length: g.int(1, 2) }, () => comment(depth + 1))) : '',
    );
  return {
    css: `.commentlist{list-style:none;padding:0}.children{list-style:none;padding-left:32px}.comment-body{border-bottom:1px solid #eee;padding:8px 0}
      .avatar{float:left;margin-right:8px}.comment-meta{font-size:12px}#respond textarea{width:100%}`,
    body: h(
      'div',
      { id: 'primary' },
      h('article', {}, h('h1', {}, t(g.title(6))), h('p', {}, t(g.paragraph(2, 4))), h('p', {}, t(g.paragraph(2, 4)))),
      h(
        'div',
        { id: 'comments' },
        h('h3', {}, `${g.int(8, 40)} Responses to “${t(g.title(3))}”`),
        h('ol', { class: 'commentlist' }, ...Array.from({ length: g.int(6, 14) }, () => comment(1))),
        h(
          'div',
          { id: 'respond' },
          h('h3', {}, 'Leave a Reply'),
          h(
            'form',
            { action: '/wp-comments-post.php', method: 'post' },
            h('p', {}, h('input', { name: 'author', type: 'text' }), ' ', h('label', {}, 'Name')),
            h('p', {}, h('textarea', { name: 'comment', rows: 6 })),
            h('p', {}, h('input', { type: 'submit', value: 'Submit Comment' })),
          ),
        ),
      ),
    ),
  };
};

export const siteSearch: PageBuilder = (g) => {
  const result = () => {
    const title = g.title(g.int(3, 7));
    return h(
      'div',
      { class: 'search-result' },
      h('h4', {}, h('a', { href: `/search/click?pos=${g.int(1, 9)}&sig=${g.int(1e9, 9e9).toString(36)}` }, t(title))),
      h('div', { class: 'search-result__url' }, t(`www.example.org › ${g.pick(['docs', 'blog', 'support'])} › ${g.slug(g.words(2))}`)),
      h(
        'div',
        { class: 'search-result__snippet' },
        t(`${g.pick(['Jan 4, 2023', 'Feb 11, 2023', 'Mar 2, 2023'])} — `),
        t(g.sentence()),
        ' ',
        h('b', {}, t(g.word())),
        ' ',
        t(g.sentence()),
      ),
      h(
        'div',
        { class: 'search-result__meta' },
        h('span', {}, g.pick(['Page', 'PDF', 'Page'])),
        ' · ',
        h('a', { href: '#', class: 'search-result__more' }, 'More like this'),
      ),
    );
  };
  return {
    css: `.search-page{max-width:760px;margin:auto}.search-result{margin:14px 0}.search-result__url{color:#070}.search-result__meta{font-size:12px;color:#666}`,
    body: h(
      'div',
      { class: 'search-page' },
      h(
        'form',
        { action: '/search' },
        h('input', { type: 'text', name: 'q', value: g.words(2) }),
        ' ',
        h('input', { type: 'submit', value: 'Search' }),
      ),
      h('p', {}, `Results 1 - ${g.int(10, 20)} of about ${g.int(100, 900)}`),
      h('div', { class: 'search-results' }, ...Array.from({ length: g.int(10, 20) }, result)),
      h('p', { class: 'pages' }, ...Array.from({ length: 6 }, (_, i) => h('a', { href: `?start=${i * 10}` }, String(i + 1)) + ' ')),
    ),
  };
};
