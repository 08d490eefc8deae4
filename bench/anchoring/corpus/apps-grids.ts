/**
 * Corpus: application screens laid out as grids — a CSS Modules calendar and an Angular admin
 * table, whose cells repeat in shape and differ only by text and counted ids.
 */
import { h, t, type PageBuilder } from '../gen.ts';

export const calendar: PageBuilder = (g) => {
  const cell = g.cssModule('cell'),
    event = g.cssModule('event'),
    grid = g.cssModule('grid');
  const start = g.int(0, 6);
  return {
    css: `.${grid}{width:100%;table-layout:fixed;border-collapse:collapse}.${cell}{height:80px;vertical-align:top;border:1px solid #ddd}.${event}{display:block;font-size:11px;background:#def;margin:1px}
      @media (max-width:700px){.${cell}{height:48px}}`,
    body: h(
      'div',
      { class: g.cssModule('calendar') },
      h(
        'div',
        { class: g.cssModule('toolbar') },
        h('button', { 'aria-label': 'Previous month' }, '‹'),
        h('h1', {}, 'May 2024'),
        h('button', { 'aria-label': 'Next month' }, '›'),
      ),
      h(
        'table',
        { class: grid },
        h('thead', {}, h('tr', {}, ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => h('th', {}, d)))),
        h(
          'tbody',
          {},
          ...Array.from({ length: 5 }, (_, w) =>
            h(
              'tr',
              {},
              ...Array.from({ length: 7 }, (_, d) => {
                const day = w * 7 + d - start + 1;
                return h(
                  'td',
                  { class: cell },
                  day > 0 && day <= 31 ? h('span', {}, String(day)) : '',
                  ...(g.chance(0.3) ? Array.from({ length: g.int(1, 2) }, () => h('span', { class: event }, t(g.words(2)))) : []),
                );
              }),
            ),
          ),
        ),
      ),
    ),
  };
};

export const adminTable: PageBuilder = (g) => {
  const ng = `_ngcontent-${g.pick(['c12', 'ng-c2834', 'xyq-c41'])}`;
  const cols = ['Name', 'Email', 'Role', 'Status', 'Actions'];
  const row = () => {
    const name = g.title(2);
    return h(
      'tr',
      { class: 'mat-row ng-star-inserted', 'data-row-id': g.chance(0.5) ? `user-${g.serial()}` : null, [ng]: '' },
      h('td', { class: 'mat-cell cell-name' }, t(name)),
      h('td', { class: 'mat-cell cell-email' }, t(`${g.slug(name)}@example.com`)),
      h('td', { class: 'mat-cell' }, t(g.pick(['Admin', 'Editor', 'Viewer']))),
      h('td', { class: 'mat-cell' }, h('span', { class: 'badge' }, t(g.pick(['Active', 'Invited'])))),
      h(
        'td',
        { class: 'mat-cell' },
        h('button', { class: 'mat-icon-button', 'aria-label': `Edit ${name}` }, '✎'),
        h('button', { class: 'mat-icon-button', 'aria-label': `Remove ${name}` }, '🗑'),
      ),
    );
  };
  return {
    css: `.data-table{width:100%;border-collapse:collapse}.mat-cell,.mat-header-cell{padding:6px;border-bottom:1px solid #ddd;text-align:left}.filters{display:flex;gap:8px}
      @media (max-width:700px){.cell-email{display:table-cell;font-size:10px}}`,
    body: h(
      'app-root',
      { [`_nghost-${g.pick(['c0', 'ng-c1'])}`]: '' },
      h(
        'mat-toolbar',
        { class: 'mat-toolbar' },
        h('span', {}, 'Admin'),
        h('a', { href: '/admin/users' }, 'Users'),
        h('a', { href: '/admin/audit' }, 'Audit log'),
      ),
      h(
        'div',
        { class: 'filters' },
        h('label', { for: g.generatedId('ng') }, 'Search'),
        h('input', { id: g.generatedId('ng'), class: 'mat-input-element ng-pristine ng-valid', placeholder: 'Filter users' }),
        h('button', { class: 'mat-raised-button', type: 'button' }, 'Invite user'),
      ),
      h(
        'table',
        { class: 'data-table mat-table' },
        h('thead', {}, h('tr', { class: 'mat-header-row' }, ...cols.map((c) => h('th', { class: 'mat-header-cell' }, c)))),
        h('tbody', {}, ...Array.from({ length: g.int(10, 20) }, row)),
      ),
      h('div', { class: 'paginator' }, h('span', {}, `1 – 20 of ${g.int(40, 300)}`), h('button', { 'aria-label': 'Next page' }, '›')),
    ),
  };
};
