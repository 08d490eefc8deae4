/**
 * Corpus: pages built from widget libraries that count their ids out under names that look
 * hand-written — Bootstrap-Vue (`__BVID__23`), Vuetify (`input-12`), Dojo (`dijit_form_Button_3`,
 * `dijit__TreeNode_7`), jQuery UI (`ui-id-4`), TinyMCE (`mce_12`), menus (`menuitem-5`) — on repeated look-alike items (form groups, tree rows,
 * accordion sections). One more widget rendered earlier renumbers them all, so yesterday's id now
 * names a look-alike neighbour: a path trusting the id lands there silently. Added for issue 14,
 * whose real pages kept only 93 % of pins through ids regenerated where the first corpus said 99 %.
 */
import { h, t, type PageBuilder } from '../gen.ts';

const FIELDS = [
  'Display name',
  'Email',
  'Phone',
  'Company',
  'Job title',
  'Website',
  'Street',
  'City',
  'Postal code',
  'Country',
  'Time zone',
  'Language',
];

export const bootstrapVue: PageBuilder = (g) => {
  const group = (label: string) => {
    const input = g.counted('input-');
    return h(
      'fieldset',
      { class: 'form-group', id: g.counted('__BVID__') },
      h('legend', { class: 'col-form-label', id: g.counted('__BVID__') }, t(label)),
      h(
        'div',
        {},
        h('input', { class: 'form-control', id: input, type: 'text', placeholder: g.pick(['', 'Optional']) || undefined }),
        h('small', { class: 'form-text text-muted' }, g.pick(['Optional', 'Required', 'Shown on your profile'])),
      ),
    );
  };
  const toggle = () => {
    const id = g.counted('__BVID__');
    return h(
      'div',
      { class: 'custom-control custom-switch' },
      h('input', { class: 'custom-control-input', type: 'checkbox', id }),
      h('label', { class: 'custom-control-label', for: id }, t(g.title(g.int(2, 4)))),
    );
  };
  const section = () => {
    const panel = g.counted('accordion-');
    return h(
      'div',
      { class: 'card' },
      h('header', { class: 'card-header' }, h('button', { class: 'btn btn-block', type: 'button', 'aria-controls': panel }, t(g.title(2)))),
      h(
        'div',
        { class: 'collapse show', id: panel },
        h(
          'div',
          { class: 'card-body' },
          h('p', {}, t(g.sentence())),
          h('button', { class: 'btn btn-link', type: 'button', id: g.counted('__BVID__') }, 'Edit'),
        ),
      ),
    );
  };
  return {
    css: `.form-group{display:grid;grid-template-columns:160px 1fr;margin:6px 0}.custom-control{padding:3px}.card{border:1px solid #ddd;margin:6px 0}
      .settings{display:grid;grid-template-columns:1fr 1fr;gap:16px}@media (max-width:800px){.settings{grid-template-columns:1fr}}`,
    body: h(
      'div',
      { id: 'app' },
      h(
        'ul',
        { class: 'nav nav-tabs', role: 'tablist' },
        ...['Profile', 'Notifications', 'Billing', 'Security'].map((l) =>
          h('li', { class: 'nav-item' }, h('a', { class: 'nav-link', role: 'tab', id: g.counted('__BVID__'), href: '#' }, l)),
        ),
      ),
      h(
        'div',
        { class: 'settings' },
        h(
          'form',
          { id: g.counted('__BVID__') },
          ...g.rng
            .shuffle([...FIELDS])
            .slice(0, g.int(6, 10))
            .map(group),
          h('button', { class: 'btn btn-primary', type: 'submit', id: g.counted('__BVID__') }, 'Save'),
        ),
        h(
          'div',
          {},
          h('h4', {}, 'Notify me about'),
          ...Array.from({ length: g.int(4, 8) }, toggle),
          ...Array.from({ length: g.int(2, 4) }, section),
        ),
      ),
    ),
  };
};

export const dojoDesktop: PageBuilder = (g) => {
  const button = (label: string) =>
    h(
      'span',
      { class: 'dijit dijitButton', id: g.counted('dijit_form_Button_') },
      h('span', { class: 'dijitButtonNode', role: 'button' }, h('span', { class: 'dijitButtonText' }, label)),
    );
  const node = () =>
    h(
      'div',
      { class: 'dijitTreeNode', role: 'treeitem', id: g.counted('dijit__TreeNode_') },
      h(
        'div',
        { class: 'dijitTreeRow' },
        h('span', { class: 'dijitTreeExpando' }, '+'),
        h('span', { class: 'dijitTreeLabel' }, t(`${g.word()}-${g.word()}.${g.pick(['doc', 'xls', 'pdf'])}`)),
      ),
    );
  const tabs = ['Details', 'History', 'Permissions'].map((l) => [l, g.counted('ui-id-')] as const);
  return {
    css: `.dijitTreeRow{padding:2px}.desk{display:grid;grid-template-columns:260px 1fr;gap:12px}.dijitButton{display:inline-block;margin:4px;border:1px solid #aaa;padding:2px 6px}
      @media (max-width:800px){.desk{grid-template-columns:1fr}}`,
    body: h(
      'div',
      { class: 'desk', id: g.counted('dijit_layout_BorderContainer_') },
      h(
        'div',
        { class: 'dijitContentPane', id: g.counted('dijit_layout_ContentPane_') },
        h('div', { role: 'tree', class: 'dijitTree', id: g.counted('dijit_Tree_') }, ...Array.from({ length: g.int(8, 16) }, node)),
      ),
      h(
        'div',
        { class: 'dijitContentPane', id: g.counted('dijit_layout_ContentPane_') },
        h('div', { class: 'toolbar' }, ...['New', 'Open', 'Rename', 'Delete', 'Refresh'].map(button)),
        h(
          'div',
          { class: 'ui-tabs' },
          h(
            'ul',
            { class: 'ui-tabs-nav', role: 'tablist' },
            ...tabs.map(([l, id]) =>
              h('li', { role: 'tab', 'aria-labelledby': id }, h('a', { href: `#tabs-${l.toLowerCase()}`, id, class: 'ui-tabs-anchor' }, l)),
            ),
          ),
          h(
            'div',
            { id: 'tabs-details' },
            ...Array.from({ length: g.int(3, 6) }, () =>
              h(
                'div',
                { class: 'prop', id: g.counted('dijit_form_TextBox_') },
                h('label', {}, t(g.title(1))),
                h('span', {}, t(g.words(1, 3))),
              ),
            ),
          ),
        ),
      ),
    ),
  };
};

export const cmsEditor: PageBuilder = (g) => {
  const tool = (label: string) =>
    h(
      'a',
      { class: 'mceButton', role: 'button', id: g.counted('mce_'), title: label },
      h('span', { class: `mceIcon mce_${label.toLowerCase()}` }),
      h('span', { class: 'mceLabel' }, label),
    );
  const menu = () =>
    h('li', { role: 'menuitem', id: g.counted('menuitem-'), class: 'menu-item' }, h('a', { href: '#' }, t(g.title(g.int(1, 3)))));
  const row = () =>
    h(
      'tr',
      { id: g.counted('row-') },
      h('td', {}, h('input', { type: 'checkbox', id: g.counted('checkbox-') })),
      h('td', {}, h('a', { href: '#' }, t(g.title(g.int(2, 5))))),
      h('td', {}, g.pick(['Published', 'Draft', 'Scheduled'])),
      h('td', {}, g.pick(['admin', 'editor', 'j.doe'])),
      h('td', {}, h('button', { type: 'button', id: g.counted('dropdown-') }, '⋯')),
    );
  return {
    css: `.mceToolbar{display:flex;gap:4px;border:1px solid #ccc;padding:3px}.mceButton{padding:2px 5px;border:1px solid #ddd}.cms{display:grid;grid-template-columns:200px 1fr}
      table{border-collapse:collapse}td{border-bottom:1px solid #eee;padding:4px}@media (max-width:800px){.cms{grid-template-columns:1fr}}`,
    body: h(
      'div',
      { class: 'cms' },
      h('ul', { role: 'menu', class: 'side-menu' }, ...Array.from({ length: g.int(6, 12) }, menu)),
      h(
        'div',
        {},
        h(
          'div',
          { class: 'mceToolbar', role: 'toolbar' },
          ...['Bold', 'Italic', 'Underline', 'Link', 'Image', 'Table', 'Undo', 'Redo'].map(tool),
        ),
        h('table', { class: 'pages' }, h('tbody', {}, ...Array.from({ length: g.int(6, 14) }, row))),
      ),
    ),
  };
};
