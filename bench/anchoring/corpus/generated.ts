/**
 * Corpus: apps whose ids and classes come from several generators at once, as real pages built from
 * many libraries do. React's useId and Ember count components (`:r1a:`, `ember123`), so one more
 * component rendered earlier renumbers every id after it; GWT, Ext JS, Bootstrap-Vue, Vuetify, Ant's
 * rc-tabs and react-select count the same way under names that look hand-written (`gwt-uid-12`,
 * `x-auto-7`, `__BVID__23`, `input-12`); GUIDs are minted per render; Next.js CSS Modules hash class
 * names into base64 (`Button_root__x7Ka2`), styled-components into `sc-bdVaJa`, Angular adds
 * `ng-tns-c12-3`. Labels point at the counted ids with `for`, tabs with `aria-controls`.
 */
import { h, t, type Gen, type PageBuilder } from '../gen.ts';

/** A labelled field whose id is counted out by a library (and whose label names it). */
const field = (g: Gen, style: Parameters<Gen['countedId']>[0], label: string, attrs: Record<string, string> = {}) => {
  const id = g.countedId(style);
  return h('div', { class: 'field' }, h('label', { for: id }, t(label)), h('input', { id, type: 'text', ...attrs }));
};

export const reactApp: PageBuilder = (g) => {
  const layout = g.nextModule('Layout', 'main'),
    nav = g.nextModule('Nav', 'link'),
    card = g.nextModule('Card', 'root'),
    cardTitle = g.nextModule('Card', 'title');
  const button = g.nextModule('Button', 'root'),
    list = g.styledComponent(),
    row = g.styledComponent();
  const tabIds = ['Overview', 'Activity', 'Members'].map(() => [g.countedId('react'), g.countedId('react')] as const);
  return {
    css: `.${layout}{display:grid;grid-template-columns:220px 1fr;gap:16px}.${nav}{display:block;padding:6px}.${card}{border:1px solid #ddd;border-radius:8px;padding:12px}
      .${list}{list-style:none;padding:0}.${row}{display:flex;justify-content:space-between;border-bottom:1px solid #eee;padding:6px}
      @media (max-width:800px){.${layout}{grid-template-columns:1fr}}`,
    body: h(
      'div',
      { id: '__next' },
      h(
        'div',
        { class: layout },
        h(
          'nav',
          { 'aria-label': 'Workspace' },
          ...['Home', 'Projects', 'Reports', 'Settings'].map((l) => h('a', { class: nav, href: `/${l.toLowerCase()}` }, t(l))),
        ),
        h(
          'main',
          {},
          h(
            'div',
            { role: 'tablist' },
            ...tabIds.map(([tab, panel], i) =>
              h(
                'button',
                { role: 'tab', id: tab, 'aria-controls': panel, 'aria-selected': String(i === 0), class: button },
                ['Overview', 'Activity', 'Members'][i]!,
              ),
            ),
          ),
          h(
            'section',
            { id: tabIds[0]![1], role: 'tabpanel', 'aria-labelledby': tabIds[0]![0] },
            h(
              'div',
              { class: card },
              h('h2', { class: cardTitle }, 'New project'),
              h(
                'form',
                {},
                field(g, 'react', 'Project name'),
                field(g, 'react', 'Owner'),
                field(g, 'react-select', 'Team', { role: 'combobox' }),
                h('button', { type: 'submit', class: button }, 'Create'),
              ),
            ),
            h(
              'div',
              { class: card },
              h('h2', { class: cardTitle }, 'Recent projects'),
              h(
                'ul',
                { class: list },
                ...Array.from({ length: g.int(6, 14) }, () =>
                  h(
                    'li',
                    { id: g.countedId('guid'), class: row },
                    h('span', {}, t(g.title(2))),
                    h('span', {}, t(g.pick(['Active', 'Paused', 'Archived']))),
                    h('button', { type: 'button', class: button, id: g.countedId('react') }, 'Open'),
                  ),
                ),
              ),
            ),
            h(
              'div',
              { class: card },
              h('h2', { class: cardTitle }, 'Members'),
              ...Array.from({ length: g.int(3, 7) }, () => {
                const id = g.countedId('react');
                return h(
                  'div',
                  { class: g.styledComponent(), 'aria-describedby': id },
                  h('strong', {}, t(g.title(2))),
                  h('p', { id }, t(g.sentence())),
                );
              }),
            ),
          ),
        ),
      ),
    ),
  };
};

export const enterpriseApp: PageBuilder = (g) => {
  const tns = g.ngTns();
  const ember = () => g.countedId('ember');
  return {
    css: `.gwt-TabBar{display:flex;gap:8px}.x-panel{border:1px solid #99bbe8;margin:6px;padding:6px}.field{display:flex;gap:8px;padding:3px}
      .grid td,.grid th{border:1px solid #ccc;padding:3px}.app{display:grid;grid-template-columns:1fr 1fr}@media (max-width:800px){.app{grid-template-columns:1fr}}`,
    body: h(
      'div',
      { class: 'app' },
      h(
        'div',
        { class: 'x-panel', id: g.countedId('ext') },
        h('div', { class: 'x-panel-header', id: g.countedId('ext') }, h('span', { class: 'x-panel-header-text' }, 'Customer')),
        h(
          'div',
          { class: 'x-panel-body', id: g.countedId('ext') },
          field(g, 'gwt', 'First name'),
          field(g, 'gwt', 'Last name'),
          field(g, 'gwt', 'Company'),
          field(g, 'vuetify', 'Street'),
          field(g, 'vuetify', 'City'),
          field(g, 'bvid', 'Postal code'),
          field(g, 'bvid', 'Country'),
          h(
            'div',
            { class: 'gwt-TabBar', role: 'tablist' },
            ...['Orders', 'Invoices', 'Notes'].map((l) =>
              h('div', { role: 'tab', id: g.countedId('rc-tabs'), class: 'gwt-TabBarItem' }, t(l)),
            ),
          ),
        ),
      ),
      h(
        'div',
        { id: ember(), class: 'ember-view' },
        h('h2', { id: ember(), class: 'ember-view' }, 'Orders'),
        h(
          'table',
          { class: 'grid' },
          h('thead', {}, h('tr', {}, ...['Order', 'Date', 'Total', 'Status', ''].map((c) => h('th', {}, c)))),
          h(
            'tbody',
            {},
            ...Array.from({ length: g.int(6, 14) }, () =>
              h(
                'tr',
                { id: ember(), class: 'ember-view' },
                h('td', {}, `SO-${g.int(10, 99)}${g.pick(['A', 'B', 'C'])}`),
                h('td', {}, g.pick(['2023-01-04', '2023-01-05', '2023-02-11'])),
                h('td', {}, g.pick(['€120.00', '€80.00', '€45.50'])),
                h('td', {}, h('span', { class: `status ${tns}` }, g.pick(['Open', 'Shipped', 'Invoiced']))),
                h('td', {}, h('button', { id: ember(), class: 'ember-view btn', type: 'button' }, 'Details')),
              ),
            ),
          ),
        ),
      ),
      h(
        'div',
        { class: `notes ${tns}`, _ngcontent: '' },
        h('h3', {}, 'Notes'),
        ...Array.from({ length: g.int(2, 5) }, () => h('p', { class: tns }, t(g.sentence()))),
      ),
    ),
  };
};
