/**
 * Corpus: marketing and portfolio pages — a Tailwind landing page, the same built with
 * styled-components, a Bootstrap site with a mega menu and a link-heavy footer, a Svelte gallery,
 * a team page with styled-jsx, and a Vue app with scoped-style attributes and Vuetify-like classes.
 */
import { h, t, type Gen, type PageBuilder } from '../gen.ts';

const features = (g: Gen, item: (title: string, body: string) => string) =>
  Array.from({ length: g.pick([3, 6, 6, 9]) }, () => item(g.title(g.int(2, 3)), g.paragraph(1, 2)));

export const tailwindLanding: PageBuilder = (g) => ({
  css: `.grid{display:grid}.flex{display:flex}.gap-8{gap:32px}.grid-cols-1{grid-template-columns:1fr}.hidden{display:none}
    @media (min-width:768px){.md\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}.md\\:flex{display:flex}}`,
  body: h(
    'div',
    { class: 'bg-white' },
    h(
      'header',
      { class: 'flex items-center justify-between px-6 py-4' },
      h('a', { href: '/', class: 'text-lg font-bold' }, t(g.title(1))),
      h(
        'nav',
        { class: 'flex gap-6 text-sm' },
        ...['Product', 'Features', 'Pricing', 'Blog'].map((l) =>
          h('a', { href: `/${l.toLowerCase()}`, class: 'text-gray-600 hover:text-gray-900' }, t(l)),
        ),
      ),
      h('a', { href: '/login', class: 'rounded-md bg-indigo-600 px-3 py-2 text-white' }, 'Log in'),
    ),
    h(
      'section',
      { class: 'mx-auto max-w-3xl py-24 text-center' },
      h('h1', { class: 'text-5xl font-bold tracking-tight text-gray-900' }, t(g.title(6))),
      h('p', { class: 'mt-6 text-lg leading-8 text-gray-600' }, t(g.paragraph(2, 2))),
      h(
        'div',
        { class: 'mt-10 flex items-center justify-center gap-x-6' },
        h('a', { href: '/signup', class: 'rounded-md bg-indigo-600 px-4 py-2.5 text-white' }, 'Get started'),
        h('a', { href: '/demo', class: 'text-sm font-semibold' }, 'Live demo →'),
      ),
    ),
    h(
      'section',
      { class: 'mx-auto max-w-7xl px-6' },
      h('h2', { class: 'text-3xl font-bold' }, 'Everything you need'),
      h(
        'div',
        { class: 'mt-10 grid grid-cols-1 gap-8 md:grid-cols-3' },
        ...features(g, (title, body) =>
          h(
            'div',
            { class: 'flex flex-col rounded-2xl bg-gray-50 p-6' },
            h('svg', { class: 'h-6 w-6 text-indigo-600', viewBox: '0 0 24 24', 'aria-hidden': 'true' }, h('path', { d: 'M4 12h16' })),
            h('h3', { class: 'mt-4 font-semibold' }, t(title)),
            h('p', { class: 'mt-2 text-gray-600' }, t(body)),
          ),
        ),
      ),
    ),
    h(
      'section',
      { class: 'bg-gray-900 py-16 text-white' },
      ...Array.from({ length: g.int(2, 3) }, () =>
        h(
          'figure',
          { class: 'mx-auto max-w-2xl mb-8' },
          h('blockquote', { class: 'text-xl' }, h('p', {}, t(g.paragraph(1, 2)))),
          h(
            'figcaption',
            { class: 'mt-4 flex gap-2' },
            h('img', { src: `/avatars/${g.word()}.jpg`, alt: '', class: 'h-8 w-8 rounded-full' }),
            h('span', {}, t(g.title(2))),
          ),
        ),
      ),
    ),
    h(
      'footer',
      { class: 'grid grid-cols-1 gap-8 md:grid-cols-3 px-6 py-12 text-sm' },
      ...['Product', 'Company', 'Legal'].map((col) =>
        h(
          'div',
          {},
          h('h4', { class: 'font-semibold' }, t(col)),
          h(
            'ul',
            { class: 'mt-4 space-y-2' },
            ...Array.from({ length: g.int(3, 5) }, () => {
              const w = g.title(1);
              return h('li', {}, h('a', { href: `/${col.toLowerCase()}/${g.slug(w)}`, class: 'text-gray-500' }, t(w)));
            }),
          ),
        ),
      ),
    ),
  ),
});

export const styledLanding: PageBuilder = (g) => {
  const section = g.styled(),
    grid = g.styled(),
    card = g.styled(),
    button = g.styled();
  return {
    css: `.${grid.split(' ')[0]}{display:grid;grid-template-columns:repeat(3,1fr);gap:24px}.${card.split(' ')[0]}{padding:16px;border-radius:12px;background:#f6f6f6}
      .${section.split(' ')[0]}{padding:48px 24px}@media (max-width:800px){.${grid.split(' ')[0]}{grid-template-columns:1fr}}`,
    body: h(
      'div',
      { id: '__next' },
      h(
        'nav',
        { class: g.styled() },
        h('a', { href: '/', class: g.styled() }, t(g.title(1))),
        ...['Why us', 'Customers', 'Pricing'].map((l) => h('a', { href: `/${g.slug(l)}`, class: g.styled() }, t(l))),
      ),
      h(
        'section',
        { class: section },
        h('h1', { class: g.styled() }, t(g.title(5))),
        h('p', { class: g.styled() }, t(g.paragraph())),
        h('a', { href: '/start', class: button }, 'Start free trial'),
      ),
      h(
        'section',
        { class: section },
        h('h2', { class: g.styled() }, t(g.title(3))),
        h(
          'div',
          { class: grid },
          ...features(g, (title, body) => h('div', { class: card }, h('h3', { class: g.styled() }, t(title)), h('p', {}, t(body)))),
        ),
      ),
      h(
        'section',
        { class: section },
        h('h2', {}, 'Trusted by'),
        h(
          'ul',
          { class: g.styled() },
          ...Array.from({ length: g.int(4, 8) }, () => {
            const c = g.title(1);
            return h('li', {}, h('img', { src: `/logos/${g.slug(c)}.svg`, alt: c, height: 24 }));
          }),
        ),
      ),
      h(
        'footer',
        { class: g.styled() },
        h('p', {}, '© 2024'),
        h('a', { href: '/privacy' }, 'Privacy'),
        h('a', { href: '/terms' }, 'Terms'),
      ),
    ),
  };
};

export const megaMenu: PageBuilder = (g) => {
  const menus = ['Products', 'Solutions', 'Resources', 'Company'];
  return {
    css: `.navbar{display:flex;gap:16px;padding:8px 16px;background:#222}.navbar a{color:#fff}.dropdown-menu{display:none}.footer-columns{display:grid;grid-template-columns:repeat(5,1fr)}
      .jumbotron{padding:48px;background:#eee}.card-deck{display:flex;gap:16px}.card{flex:1;border:1px solid #ddd;padding:12px}
      @media (max-width:900px){.footer-columns{grid-template-columns:repeat(2,1fr)}.card-deck{flex-direction:column}}`,
    body:
      h(
        'nav',
        { class: 'navbar navbar-expand-lg navbar-dark' },
        h('a', { class: 'navbar-brand', href: '/' }, t(g.title(1))),
        h(
          'ul',
          { class: 'navbar-nav' },
          ...menus.map((menu) =>
            h(
              'li',
              { class: 'nav-item dropdown' },
              h('a', { class: 'nav-link dropdown-toggle', href: `/${menu.toLowerCase()}`, 'data-toggle': 'dropdown' }, t(menu)),
              h(
                'div',
                { class: 'dropdown-menu' },
                ...Array.from({ length: g.int(4, 8) }, () => {
                  const w = g.title(2);
                  return h('a', { class: 'dropdown-item', href: `/${menu.toLowerCase()}/${g.slug(w)}` }, t(w));
                }),
              ),
            ),
          ),
        ),
        h('form', { class: 'form-inline' }, h('input', { class: 'form-control', type: 'search', name: 'search', placeholder: 'Search' })),
      ) +
      h(
        'main',
        { class: 'container' },
        h(
          'div',
          { class: 'jumbotron' },
          h('h1', { class: 'display-4' }, t(g.title(4))),
          h('p', { class: 'lead' }, t(g.paragraph(1, 2))),
          h('a', { class: 'btn btn-primary btn-lg', href: '/contact' }, 'Contact sales'),
        ),
        h(
          'div',
          { class: 'card-deck' },
          ...Array.from({ length: 3 }, () =>
            h(
              'div',
              { class: 'card' },
              h(
                'div',
                { class: 'card-body' },
                h('h5', { class: 'card-title' }, t(g.title(2))),
                h('p', { class: 'card-text' }, t(g.paragraph(1, 2))),
                h('a', { class: 'card-link', href: `/learn/${g.slug(g.words(2))}` }, 'Learn more'),
              ),
            ),
          ),
        ),
      ) +
      h(
        'footer',
        { class: 'site-footer' },
        h(
          'div',
          { class: 'footer-columns' },
          ...Array.from({ length: 5 }, () =>
            h(
              'div',
              { class: 'footer-column' },
              h('h6', {}, t(g.title(1))),
              h(
                'ul',
                { class: 'list-unstyled' },
                ...Array.from({ length: g.int(4, 8) }, () => {
                  const w = g.title(2);
                  return h('li', {}, h('a', { href: `/${g.slug(w)}` }, t(w)));
                }),
              ),
            ),
          ),
        ),
        h('p', { class: 'copyright' }, '© 2024 ' + t(g.title(1))),
      ),
  };
};
