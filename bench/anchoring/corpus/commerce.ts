/**
 * Corpus: shopping pages — a Tailwind product grid, a product page with tabs (Headless UI ids), a
 * pricing table, a checkout form with React `useId` ids, and search results. Cards and rows are the
 * typical pin targets: repeated, reorderable, identified (if at all) by the link or key inside them.
 */
import { h, t, type PageBuilder } from '../gen.ts';

const tw = {
  card: 'group relative flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm hover:shadow-md',
  title: 'mt-2 text-sm font-medium text-gray-900 line-clamp-2',
  price: 'mt-1 text-lg font-semibold text-gray-900',
  button: 'mt-3 inline-flex items-center justify-center rounded-md bg-indigo-600 px-3 py-2 text-sm text-white hover:bg-indigo-700',
};

export const productGrid: PageBuilder = (g) => {
  const product = () => {
    const name = g.title(g.int(2, 4));
    const slug = `${g.slug(name)}-${g.serial()}`;
    return h(
      'div',
      { class: tw.card, 'data-product-id': g.chance(0.5) ? `sku-${g.serial()}` : null },
      h(
        'a',
        { href: `/products/${slug}`, class: 'block aspect-square overflow-hidden rounded-md bg-gray-100' },
        h('img', { src: `/img/p/${slug}.webp`, alt: name, class: 'h-full w-full object-cover' }),
      ),
      h('h3', { class: tw.title }, t(name)),
      h('p', { class: tw.price }, `$${g.int(5, 400)}.00`),
      g.chance(0.4) ? h('span', { class: 'absolute top-2 left-2 rounded bg-red-500 px-2 text-xs text-white' }, 'Sale') : '',
      h('button', { class: tw.button, type: 'button', 'aria-label': `Add ${name} to cart` }, 'Add to cart'),
    );
  };
  return {
    css: `.grid{display:grid}.grid-cols-2{grid-template-columns:repeat(2,1fr)}.gap-6{gap:24px}.flex{display:flex}.flex-col{flex-direction:column}
      .relative{position:relative}.absolute{position:absolute}.p-4{padding:16px}.h-full{height:100%}.w-full{width:100%}.block{display:block}.aspect-square{aspect-ratio:1}
      @media (min-width:768px){.md\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}}@media (min-width:1024px){.lg\\:grid-cols-4{grid-template-columns:repeat(4,1fr)}}`,
    body: h(
      'div',
      { class: 'min-h-screen bg-gray-50' },
      h(
        'header',
        { class: 'flex items-center justify-between px-6 py-4 bg-white shadow' },
        h('a', { href: '/', class: 'text-xl font-bold' }, 'Shop'),
        h(
          'form',
          { class: 'flex gap-2', action: '/search' },
          h('input', { name: 'q', type: 'search', placeholder: 'Search products', class: 'rounded border px-2' }),
          h('button', { type: 'submit', class: 'rounded bg-gray-800 px-3 text-white' }, 'Go'),
        ),
      ),
      h(
        'main',
        { class: 'mx-auto max-w-7xl px-4 py-8' },
        h(
          'div',
          { class: 'flex items-baseline justify-between border-b pb-4' },
          h('h1', { class: 'text-3xl font-bold tracking-tight' }, t(g.title(2))),
          h('select', { name: 'sort', class: 'rounded border' }, h('option', {}, 'Popular'), h('option', {}, 'Newest')),
        ),
        h('div', { class: 'grid grid-cols-2 gap-6 md:grid-cols-3 lg:grid-cols-4 mt-6' }, ...Array.from({ length: g.int(12, 24) }, product)),
      ),
    ),
  };
};

export const productDetail: PageBuilder = (g) => {
  const name = g.title(3);
  const tabs = ['Description', 'Details', 'Reviews'];
  const tabIds = tabs.map(() => g.generatedId('headless'));
  const panelIds = tabs.map(() => g.generatedId('headless'));
  return {
    css: `.product{display:grid;grid-template-columns:1fr 1fr;gap:32px}.gallery__thumbs{display:flex;gap:8px}.gallery__thumbs img{width:64px;height:64px}
      .gallery__main{width:100%;aspect-ratio:1;background:#eee}.tabs [role=tablist]{display:flex;gap:12px}.review{border-top:1px solid #eee;padding:8px 0}
      @media (max-width:800px){.product{grid-template-columns:1fr}}`,
    body: h(
      'main',
      { class: 'product-page' },
      h(
        'nav',
        { class: 'breadcrumbs', 'aria-label': 'Breadcrumb' },
        h('ol', {}, ...['Home', 'Shoes', name].map((c) => h('li', {}, h('a', { href: `/${g.slug(c)}` }, t(c))))),
      ),
      h(
        'div',
        { class: 'product' },
        h(
          'div',
          { class: 'gallery' },
          h('img', { class: 'gallery__main', src: `/img/${g.slug(name)}-main.jpg`, alt: name }),
          h(
            'div',
            { class: 'gallery__thumbs' },
            ...Array.from({ length: 4 }, (_, i) =>
              h('button', { type: 'button' }, h('img', { src: `/img/${g.slug(name)}-${i}.jpg`, alt: `${name} view ${i + 1}` })),
            ),
          ),
        ),
        h(
          'div',
          { class: 'product-info' },
          h('h1', {}, t(name)),
          h('p', { class: 'price' }, `$${g.int(20, 300)}`),
          h(
            'form',
            { class: 'add-to-cart', action: '/cart' },
            h('label', {}, 'Size ', h('select', { name: 'size' }, ...['S', 'M', 'L', 'XL'].map((s) => h('option', {}, s)))),
            h('label', {}, 'Quantity ', h('input', { name: 'quantity', type: 'number', value: 1 })),
            h('button', { type: 'submit', class: 'btn btn-primary' }, 'Add to bag'),
          ),
          h('ul', { class: 'highlights' }, ...Array.from({ length: g.int(3, 5) }, () => h('li', {}, t(g.sentence())))),
        ),
      ),
      h(
        'div',
        { class: 'tabs' },
        h(
          'div',
          { role: 'tablist' },
          ...tabs.map((tab, i) =>
            h('button', { role: 'tab', id: tabIds[i], 'aria-controls': panelIds[i], 'aria-selected': String(i === 0) }, t(tab)),
          ),
        ),
        ...tabs.map((tab, i) =>
          h(
            'div',
            { role: 'tabpanel', id: panelIds[i], 'aria-labelledby': tabIds[i] },
            i === 2
              ? Array.from({ length: g.int(3, 6) }, () =>
                  h(
                    'div',
                    { class: 'review' },
                    h('strong', {}, t(g.title(2))),
                    h('span', { class: 'stars' }, '★'.repeat(g.int(1, 5))),
                    h('p', {}, t(g.paragraph(1, 2))),
                  ),
                )
              : [h('h3', {}, t(tab)), h('p', {}, t(g.paragraph()))],
          ),
        ),
      ),
    ),
  };
};

export const pricing: PageBuilder = (g) => {
  const tiers = ['Starter', 'Pro', 'Business', 'Enterprise'].slice(0, g.int(3, 4));
  return {
    css: `.pricing{display:grid;grid-template-columns:repeat(${tiers.length},1fr);gap:16px}.pricing-card{border:1px solid #ddd;border-radius:8px;padding:16px}
      .pricing-card--featured{border-color:#63f}.pricing-card ul{padding-left:16px}.button{display:inline-block;padding:8px 12px;background:#63f;color:#fff}
      .compare td,.compare th{padding:4px;border-bottom:1px solid #eee}@media (max-width:800px){.pricing{grid-template-columns:1fr}}`,
    body: h(
      'main',
      { class: 'pricing-page' },
      h('section', { class: 'hero' }, h('h1', {}, 'Simple pricing'), h('p', {}, t(g.sentence()))),
      h(
        'div',
        { class: 'pricing' },
        ...tiers.map((tier, i) =>
          h(
            'div',
            { class: `pricing-card${i === 1 ? ' pricing-card--featured' : ''}` },
            h('h2', { class: 'pricing-card__name' }, t(tier)),
            h('p', { class: 'pricing-card__price' }, h('span', {}, `$${(i + 1) * 19}`), ' / month'),
            h('ul', {}, ...Array.from({ length: g.int(4, 7) }, () => h('li', {}, t(g.words(3, 6))))),
            h('a', { class: 'button', href: `/signup?plan=${tier.toLowerCase()}` }, 'Choose ' + t(tier)),
          ),
        ),
      ),
      h(
        'table',
        { class: 'compare' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Feature'), ...tiers.map((tier) => h('th', {}, t(tier))))),
        h(
          'tbody',
          {},
          ...Array.from({ length: g.int(6, 12) }, () =>
            h('tr', {}, h('td', {}, t(g.title(2))), ...tiers.map(() => h('td', {}, g.chance(0.6) ? '✓' : '—'))),
          ),
        ),
      ),
    ),
  };
};

export const checkout: PageBuilder = (g) => {
  const field = (label: string, name: string, type = 'text') => {
    const id = g.generatedId('react');
    return h('div', { class: 'form-field' }, h('label', { for: id }, t(label)), h('input', { id, name, type, autocomplete: name }));
  };
  return {
    css: `.checkout{display:grid;grid-template-columns:2fr 1fr;gap:24px}.form-field{display:flex;flex-direction:column;margin-bottom:8px}fieldset{border:1px solid #ddd}
      .summary td{padding:4px}@media (max-width:800px){.checkout{grid-template-columns:1fr}}`,
    body: h(
      'main',
      { class: 'checkout' },
      h(
        'form',
        { class: 'checkout-form', action: '/checkout' },
        h('fieldset', {}, h('legend', {}, 'Contact'), field('Email', 'email', 'email'), field('Phone', 'tel', 'tel')),
        h(
          'fieldset',
          {},
          h('legend', {}, 'Shipping'),
          field('Full name', 'name'),
          field('Address', 'street-address'),
          field('City', 'address-level2'),
          field('Postal code', 'postal-code'),
        ),
        h('fieldset', {}, h('legend', {}, 'Payment'), field('Card number', 'cc-number'), field('Expiry', 'cc-exp'), field('CVC', 'cc-csc')),
        h('label', {}, h('input', { type: 'checkbox', name: 'newsletter' }), ' Keep me posted'),
        h('button', { type: 'submit', class: 'btn btn-primary' }, 'Pay now'),
      ),
      h(
        'aside',
        { class: 'order-summary' },
        h('h2', {}, 'Order summary'),
        h(
          'table',
          { class: 'summary' },
          h(
            'tbody',
            {},
            ...Array.from({ length: g.int(2, 5) }, () =>
              h('tr', {}, h('td', {}, t(g.title(2))), h('td', {}, `×${g.int(1, 3)}`), h('td', {}, `$${g.int(5, 90)}`)),
            ),
          ),
        ),
        h('p', { class: 'order-summary__total' }, h('strong', {}, 'Total'), ` $${g.int(50, 400)}`),
      ),
    ),
  };
};

export const searchResults: PageBuilder = (g) => ({
  css: `.search{display:grid;grid-template-columns:220px 1fr;gap:24px}.result{margin-bottom:16px}.result cite{color:green;display:block}.pagination{display:flex;gap:4px}
    @media (max-width:700px){.search{grid-template-columns:1fr}}`,
  body: h(
    'div',
    { class: 'search' },
    h(
      'aside',
      { class: 'filters' },
      h('h2', {}, 'Filters'),
      ...['Type', 'Date', 'Language'].map((group) =>
        h(
          'fieldset',
          {},
          h('legend', {}, t(group)),
          ...Array.from({ length: g.int(2, 4) }, () => {
            const v = g.word();
            return h(
              'label',
              { class: 'filter' },
              h('input', { type: 'checkbox', name: `${group.toLowerCase()}[]`, value: v }),
              ' ' + t(v),
            );
          }),
        ),
      ),
    ),
    h(
      'main',
      {},
      h('form', { role: 'search', action: '/search' }, h('input', { name: 'q', value: g.words(2), 'aria-label': 'Search' })),
      h('p', { class: 'stats' }, `About ${g.int(100, 9000)} results`),
      h(
        'ol',
        { class: 'results' },
        ...Array.from({ length: g.int(8, 12) }, () => {
          const title = g.title(g.int(3, 7));
          const url = `https://${g.word()}.example/${g.slug(title)}`;
          return h(
            'li',
            { class: 'result' },
            h('h3', {}, h('a', { href: url }, t(title))),
            h('cite', {}, t(url)),
            h('p', { class: 'snippet' }, t(g.paragraph(1, 2))),
          );
        }),
      ),
      h(
        'nav',
        { class: 'pagination', 'aria-label': 'Pages' },
        ...Array.from({ length: 8 }, (_, i) => h('a', { href: `/search?page=${i + 1}` }, String(i + 1))),
      ),
    ),
  ),
});
