/**
 * Corpus: marketing sections — an image gallery, a team page and a Vue-rendered landing app,
 * built from repeated cards that differ by text.
 */
import { h, t, type PageBuilder } from '../gen.ts';

export const gallery: PageBuilder = (g) => {
  const scope = g.svelte();
  return {
    css: `.gallery.${scope}{display:grid;grid-template-columns:repeat(4,1fr);gap:8px}figure.${scope}{margin:0}img.${scope}{width:100%;aspect-ratio:4/3;display:block;background:#ccc}
      @media (max-width:800px){.gallery.${scope}{grid-template-columns:repeat(2,1fr)}}`,
    body: h(
      'main',
      { class: `page ${scope}` },
      h('h1', { class: scope }, t(g.title(2))),
      h(
        'div',
        { class: `filters ${scope}` },
        ...['All', 'Nature', 'City', 'People'].map((f) => h('button', { class: scope, type: 'button' }, t(f))),
      ),
      h(
        'div',
        { class: `gallery ${scope}` },
        ...Array.from({ length: g.int(12, 24) }, () => {
          const n = g.serial();
          return h(
            'figure',
            { class: scope },
            h('img', { class: scope, src: `/photos/photo-${n}.jpg`, alt: g.chance(0.7) ? g.title(3) : '', loading: 'lazy' }),
            h('figcaption', { class: scope }, t(g.words(2, 4))),
          );
        }),
      ),
    ),
  };
};

export const team: PageBuilder = (g) => {
  const jsx = g.jsx();
  return {
    css: `.team.${jsx}{display:grid;grid-template-columns:repeat(3,1fr);gap:16px}.member.${jsx}{text-align:center;padding:16px;border:1px solid #eee}
      @media (max-width:700px){.team.${jsx}{grid-template-columns:1fr}}`,
    body: h(
      'main',
      { class: jsx },
      h('h1', { class: jsx }, 'Our team'),
      h('p', { class: `intro ${jsx}` }, t(g.paragraph())),
      h(
        'div',
        { class: `team ${jsx}` },
        ...Array.from({ length: g.int(6, 12) }, () => {
          const name = g.title(2);
          return h(
            'div',
            { class: `member ${jsx}` },
            h('img', { class: jsx, src: `/team/${g.slug(name)}.jpg`, alt: name, width: 96, height: 96 }),
            h('h3', { class: jsx }, t(name)),
            h('p', { class: `role ${jsx}` }, t(g.title(2))),
            h(
              'div',
              { class: `social ${jsx}` },
              h('a', { href: `https://twitter.example/${g.slug(name)}`, 'aria-label': `${name} on Twitter` }, 'T'),
              h('a', { href: `https://linkedin.example/in/${g.slug(name)}`, 'aria-label': `${name} on LinkedIn` }, 'in'),
            ),
          );
        }),
      ),
      h(
        'section',
        { class: `jobs ${jsx}` },
        h('h2', { class: jsx }, 'Open roles'),
        h(
          'ul',
          { class: jsx },
          ...Array.from({ length: g.int(2, 5) }, () => {
            const r = g.title(2);
            return h('li', { class: jsx }, h('a', { href: `/jobs/${g.slug(r)}` }, t(r)), h('span', {}, ' — Remote'));
          }),
        ),
      ),
    ),
  };
};

export const vueApp: PageBuilder = (g) => {
  const scoped = `data-v-${g.int(0x10000000, 0xffffffff).toString(16)}`;
  const v = (extra: Record<string, string | null> = {}) => ({ [scoped]: '', ...extra });
  const input = (label: string) => {
    const id = `input-${g.int(10, 400)}`;
    return h(
      'div',
      v({ class: 'v-input v-text-field' }),
      h('label', { for: id, class: 'v-label' }, t(label)),
      h('input', { id, type: 'text' }),
    );
  };
  return {
    css: `.v-app{display:grid;grid-template-columns:240px 1fr}.v-card{border-radius:4px;box-shadow:0 1px 3px #0003;padding:12px;margin:8px}.v-list-item{display:block;padding:8px}
      @media (max-width:800px){.v-app{grid-template-columns:1fr}}`,
    body: h(
      'div',
      v({ id: 'app', class: 'v-application v-app' }),
      h(
        'nav',
        v({ class: 'v-navigation-drawer' }),
        h(
          'div',
          v({ class: 'v-list' }),
          ...['Dashboard', 'Projects', 'Team', 'Settings'].map((item) =>
            h('a', v({ class: 'v-list-item', href: `#/${item.toLowerCase()}` }), h('div', v({ class: 'v-list-item__title' }), t(item))),
          ),
        ),
      ),
      h(
        'main',
        v({ class: 'v-main' }),
        h(
          'div',
          v({ class: 'v-card' }),
          h('div', v({ class: 'v-card__title' }), 'New project'),
          h('div', v({ class: 'v-card__text' }), input('Name'), input('Client'), input('Budget')),
          h(
            'div',
            v({ class: 'v-card__actions' }),
            h('button', v({ class: 'v-btn v-btn--text', type: 'button' }), 'Cancel'),
            h('button', v({ class: 'v-btn primary', type: 'button' }), 'Create'),
          ),
        ),
        ...Array.from({ length: g.int(3, 6) }, () =>
          h(
            'div',
            v({ class: 'v-card project-card' }),
            h('div', v({ class: 'v-card__title' }), t(g.title(3))),
            h('div', v({ class: 'v-card__subtitle' }), t(g.title(2))),
            h('div', v({ class: 'v-card__text' }), t(g.paragraph(1, 2))),
            h(
              'div',
              v({ class: 'v-progress-linear' }),
              h('div', v({ class: 'v-progress-linear__bar', style: `width:${g.int(5, 95)}%` }), ''),
            ),
          ),
        ),
      ),
    ),
  };
};
