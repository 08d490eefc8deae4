/**
 * Corpus: plain content pages — an FAQ of look-alike questions and a legacy page of bare markup.
 */
import { h, t, type PageBuilder } from '../gen.ts';
import { siteHeader } from './content.ts';

export const faq: PageBuilder = (g) => ({
  css: `details{border-bottom:1px solid #ddd;padding:8px}summary{font-weight:bold;cursor:pointer}.faq{max-width:800px;margin:auto}
    .faq-group{margin-bottom:24px}@media (max-width:600px){.faq{padding:0 8px}}`,
  body:
    siteHeader(g) +
    h(
      'main',
      { class: 'faq' },
      h('h1', {}, 'Frequently asked questions'),
      ...Array.from({ length: g.int(3, 5) }, () =>
        h(
          'section',
          { class: 'faq-group' },
          h('h2', {}, t(g.title(2))),
          ...Array.from({ length: g.int(3, 7) }, () =>
            h(
              'details',
              { open: g.chance(0.6) },
              h('summary', {}, t(`${g.title(6)}?`)),
              h('p', {}, t(g.paragraph())),
              g.chance(0.3) ? h('p', {}, t(g.paragraph(1, 2))) : '',
            ),
          ),
        ),
      ),
    ),
});

export const legacy: PageBuilder = (g) => {
  const row = () =>
    h(
      'tr',
      {},
      h('td', { width: 120, valign: 'top' }, h('font', { size: 2 }, h('b', {}, t(g.title(1))))),
      h('td', {}, h('font', { size: 2 }, t(g.paragraph(1, 2)), h('br'), h('a', { href: `page${g.int(1, 40)}.html` }, 'more...'))),
    );
  return {
    css: `table{border-collapse:collapse}td{padding:4px}`,
    body: h(
      'center',
      {},
      h(
        'table',
        { width: '100%', border: 0, cellpadding: 0 },
        h(
          'tr',
          {},
          h('td', { colspan: 2, bgcolor: '#003366' }, h('font', { color: 'white', size: 5 }, h('a', { name: 'top' }), t(g.title(3)))),
        ),
        h(
          'tr',
          {},
          h(
            'td',
            { width: 160, valign: 'top', bgcolor: '#eeeeee' },
            ...Array.from({ length: g.int(6, 10) }, () => h('p', {}, h('a', { href: `${g.slug(g.words(1))}.html` }, t(g.title(2))))),
          ),
          h(
            'td',
            { valign: 'top' },
            h('h2', {}, t(g.title(4))),
            h('table', { border: 1, cellpadding: 4, width: '100%' }, ...Array.from({ length: g.int(6, 12) }, row)),
            h('p', {}, t(g.paragraph())),
            h('hr'),
            h('table', { width: '100%' }, ...Array.from({ length: g.int(3, 6) }, row)),
          ),
        ),
        h('tr', {}, h('td', { colspan: 2 }, h('font', { size: 1 }, 'Best viewed in 800x600', h('br'), h('a', { href: '#top' }, 'Top')))),
      ),
    ),
  };
};
