/**
 * Corpus: application screens — an Emotion dashboard, a React kanban board (useId/Radix ids), an
 * Ember inbox, settings tabs, a styled-components chat, a CSS Modules calendar and an Angular admin
 * table. Most names here are machine-made and change with every build or render; what survives is
 * structure, ARIA labels, form names and the odd data key.
 */
import { h, t, type PageBuilder } from '../gen.ts';

export const dashboard: PageBuilder = (g) => {
  const shell = g.emotion(),
    side = g.emotion(),
    nav = g.emotion(),
    stats = g.emotion(),
    stat = g.emotion('StatCard'),
    value = g.emotion(),
    table = g.emotion();
  const bar = g.emotion();
  return {
    css: `.${shell}{display:grid;grid-template-columns:200px 1fr}.${side}{background:#123;color:#fff;padding:12px}.${nav} a{display:block;color:#fff;padding:6px}
      .${stats}{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}.${stat}{border:1px solid #ddd;padding:12px;border-radius:6px}.${value}{font-size:28px}
      .${table}{width:100%;border-collapse:collapse}.${table} td{border-bottom:1px solid #eee;padding:6px}.${bar}{fill:#39f}
      @media (max-width:900px){.${shell}{grid-template-columns:1fr}.${stats}{grid-template-columns:repeat(2,1fr)}}`,
    body: h(
      'div',
      { class: shell },
      h(
        'aside',
        { class: side },
        h('strong', {}, 'Acme'),
        h(
          'nav',
          { class: nav },
          ...['Overview', 'Orders', 'Customers', 'Reports', 'Settings'].map((label) =>
            h('a', { href: `/app/${label.toLowerCase()}` }, t(label)),
          ),
        ),
      ),
      h(
        'main',
        {},
        h(
          'header',
          { class: g.emotion() },
          h('h1', {}, 'Overview'),
          h('button', { class: g.emotion(), 'aria-label': 'Notifications' }, '🔔'),
        ),
        h(
          'section',
          { class: stats },
          ...['Revenue', 'Orders', 'Visitors', 'Conversion'].map((label) =>
            h(
              'div',
              { class: stat },
              h('p', {}, t(label)),
              h('p', { class: value }, String(g.int(100, 99999))),
              h('span', { class: g.emotion() }, `${g.int(-20, 40)}%`),
            ),
          ),
        ),
        h(
          'section',
          { class: g.emotion() },
          h('h2', {}, 'Sales'),
          h(
            'svg',
            { width: 600, height: 160, viewBox: '0 0 600 160', role: 'img', 'aria-label': 'Sales chart' },
            ...Array.from({ length: 12 }, (_, i) => {
              const v = g.int(10, 150);
              return h('rect', { class: bar, x: i * 50, y: 160 - v, width: 40, height: v });
            }),
          ),
        ),
        h(
          'section',
          {},
          h('h2', {}, 'Recent orders'),
          h(
            'table',
            { class: table },
            h(
              'tbody',
              {},
              ...Array.from({ length: g.int(8, 15) }, () =>
                h(
                  'tr',
                  {},
                  h('td', {}, `#${g.int(1000, 9999)}`),
                  h('td', {}, t(g.title(2))),
                  h('td', {}, `$${g.int(10, 999)}`),
                  h('td', {}, h('span', { class: g.emotion() }, t(g.pick(['Paid', 'Pending', 'Refunded'])))),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  };
};

export const kanban: PageBuilder = (g) => {
  const column = g.emotion('Column'),
    card = g.emotion('Card'),
    board = g.emotion();
  return {
    css: `.${board}{display:flex;gap:12px;overflow-x:auto}.${column}{background:#f4f5f7;padding:8px;min-width:240px;flex:1}.${card}{background:#fff;margin:6px 0;padding:8px;box-shadow:0 1px 2px #0003}
      @media (max-width:700px){.${board}{flex-direction:column}}`,
    body: h(
      'div',
      { id: 'root' },
      h(
        'header',
        { class: g.emotion() },
        h('h1', {}, t(g.title(2))),
        h('button', { id: g.generatedId('radix'), 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'aria-label': 'Board menu' }, '⋯'),
      ),
      h(
        'div',
        { class: board },
        ...['To do', 'In progress', 'Review', 'Done'].map((name) => {
          const headingId = g.generatedId('react');
          return h(
            'section',
            { class: column, 'aria-labelledby': headingId },
            h('h2', { id: headingId }, t(name), h('span', { class: g.emotion() }, String(g.int(1, 9)))),
            h(
              'ul',
              { role: 'list' },
              ...Array.from({ length: g.int(2, 6) }, () =>
                h(
                  'li',
                  { class: card, id: g.generatedId('react') },
                  h('p', {}, t(g.sentence())),
                  h(
                    'div',
                    { class: g.emotion() },
                    h('span', { class: g.emotion() }, t(g.pick(['bug', 'feature', 'chore']))),
                    h('img', { src: `/avatars/${g.word()}.png`, alt: g.title(2), width: 20 }),
                  ),
                ),
              ),
            ),
            h('button', { type: 'button', class: g.emotion() }, '+ Add a card'),
          );
        }),
      ),
    ),
  };
};

export const inbox: PageBuilder = (g) => {
  const ember = () => g.generatedId('ember');
  return {
    css: `.inbox{display:grid;grid-template-columns:180px 1fr}.message-row{display:grid;grid-template-columns:24px 160px 1fr 60px;padding:6px;border-bottom:1px solid #eee}
      .message-row--unread{font-weight:bold}.folders a{display:block}@media (max-width:700px){.inbox{grid-template-columns:1fr}.message-row{grid-template-columns:24px 1fr}}`,
    body: h(
      'div',
      { id: ember(), class: 'ember-view inbox' },
      h(
        'nav',
        { id: ember(), class: 'ember-view folders' },
        ...['Inbox', 'Starred', 'Sent', 'Drafts', 'Spam'].map((f) =>
          h('a', { id: ember(), class: 'ember-view', href: `/mail/${f.toLowerCase()}` }, t(f)),
        ),
      ),
      h(
        'main',
        { id: ember(), class: 'ember-view' },
        h(
          'div',
          { class: 'toolbar' },
          h('button', { id: ember(), class: 'ember-view', type: 'button' }, 'Archive'),
          h('button', { id: ember(), class: 'ember-view', type: 'button' }, 'Delete'),
        ),
        h(
          'div',
          { class: 'message-list' },
          ...Array.from({ length: g.int(10, 20) }, () =>
            h(
              'div',
              { id: ember(), class: `ember-view message-row${g.chance(0.3) ? ' message-row--unread' : ''}` },
              h('input', { type: 'checkbox', id: ember(), class: 'ember-checkbox ember-view' }),
              h('span', { class: 'sender' }, t(g.title(2))),
              h('span', { class: 'subject' }, t(g.sentence())),
              h('time', {}, `${g.int(1, 12)}:${g.int(10, 59)}`),
            ),
          ),
        ),
      ),
    ),
  };
};

export const settings: PageBuilder = (g) => {
  const tabs = ['Profile', 'Account', 'Notifications', 'Billing'];
  const ids = tabs.map(() => [g.generatedId('radix'), g.generatedId('radix')] as const);
  const toggle = (label: string) =>
    h('label', { class: 'toggle' }, h('input', { type: 'checkbox', name: g.slug(label), role: 'switch' }), h('span', {}, t(label)));
  return {
    css: `.settings{display:grid;grid-template-columns:200px 1fr}[role=tablist]{display:flex;flex-direction:column}.toggle{display:flex;gap:8px;padding:6px 0}
      .setting-group{border:1px solid #eee;padding:12px;margin-bottom:12px}@media (max-width:700px){.settings{grid-template-columns:1fr}[role=tablist]{flex-direction:row}}`,
    body: h(
      'main',
      { class: 'settings' },
      h(
        'div',
        { role: 'tablist', 'aria-label': 'Settings', 'aria-orientation': 'vertical' },
        ...tabs.map((tab, i) =>
          h('button', { role: 'tab', id: ids[i]![0], 'aria-controls': ids[i]![1], 'data-state': i === 0 ? 'active' : 'inactive' }, t(tab)),
        ),
      ),
      h(
        'div',
        {},
        ...tabs.map((tab, i) =>
          h(
            'div',
            { role: 'tabpanel', id: ids[i]![1], 'aria-labelledby': ids[i]![0] },
            h('h2', {}, t(tab)),
            ...Array.from({ length: g.int(2, 3) }, () =>
              h(
                'section',
                { class: 'setting-group' },
                h('h3', {}, t(g.title(2))),
                h('p', { class: 'hint' }, t(g.sentence())),
                ...Array.from({ length: g.int(2, 4) }, () => toggle(g.title(3))),
              ),
            ),
            h('button', { type: 'button', class: 'btn btn-primary' }, 'Save changes'),
          ),
        ),
      ),
    ),
  };
};

export const chat: PageBuilder = (g) => {
  const bubble = g.styled(),
    mine = g.styled(),
    list = g.styled(),
    composer = g.styled();
  const [bubbleMain] = bubble.split(' '),
    [mineMain] = mine.split(' ');
  return {
    css: `.${list.split(' ')[0]}{display:flex;flex-direction:column;gap:6px;padding:12px}.${bubbleMain}{max-width:60%;background:#eee;padding:8px;border-radius:12px}
      .${mineMain}{align-self:flex-end;background:#0b84ff;color:#fff}.${composer.split(' ')[0]}{display:flex;gap:8px}@media (max-width:600px){.${bubbleMain}{max-width:90%}}`,
    body: h(
      'div',
      { class: g.styled() },
      h(
        'header',
        { class: g.styled() },
        h('img', { src: '/avatars/team.png', alt: 'Team chat', width: 32 }),
        h('h1', {}, t(g.title(2))),
        h('span', { class: g.styled() }, `${g.int(2, 30)} online`),
      ),
      h(
        'div',
        { class: list, role: 'log', 'aria-live': 'polite' },
        ...Array.from({ length: g.int(12, 25) }, () => {
          const isMine = g.chance(0.4);
          return h(
            'div',
            { class: `${bubble}${isMine ? ` ${mine}` : ''}` },
            isMine ? '' : h('strong', {}, t(g.title(1))),
            h('p', {}, t(g.sentence())),
            h('time', {}, `${g.int(8, 18)}:${g.int(10, 59)}`),
          );
        }),
      ),
      h(
        'form',
        { class: composer },
        h('textarea', { placeholder: 'Write a message', rows: 1 }),
        h('button', { type: 'submit', class: g.styled() }, 'Send'),
      ),
    ),
  };
};
