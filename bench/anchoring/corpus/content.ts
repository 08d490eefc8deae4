/**
 * Corpus: reading pages — a blog article, documentation, a news front page, a comment thread, an
 * FAQ and a table-layout page from the 2000s. Hand-written class names (BEM, semantic), slug ids on
 * headings, lists and paragraphs with no identity but their position: the pages where only
 * structure and a few names hold a pin.
 */
import { h, t, type Gen, type PageBuilder } from '../gen.ts';

export const siteHeader = (g: Gen) =>
  h(
    'header',
    { class: 'site-header' },
    h('a', { class: 'site-header__logo', href: '/' }, t(g.title(1))),
    h(
      'nav',
      { class: 'site-nav', 'aria-label': 'Main' },
      h(
        'ul',
        { class: 'site-nav__list' },
        ...['Blog', 'Docs', 'Pricing', 'About'].map((label) => h('li', {}, h('a', { href: `/${label.toLowerCase()}` }, t(label)))),
      ),
    ),
  );

export const article: PageBuilder = (g) => {
  const sections = Array.from({ length: g.int(4, 7) }, () => {
    const heading = g.title(g.int(2, 5));
    const blocks = Array.from({ length: g.int(2, 5) }, () => {
      const kind = g.pick(['p', 'p', 'p', 'ul', 'ol', 'figure', 'blockquote', 'pre']);
      if (kind === 'ul' || kind === 'ol') return h(kind, {}, ...Array.from({ length: g.int(3, 6) }, () => h('li', {}, t(g.sentence()))));
      if (kind === 'figure')
        return h(
          'figure',
          { class: 'post__figure' },
          h('img', { src: `/img/${g.slug(g.words(2))}.jpg`, alt: g.title(4), width: 640, height: 360 }),
          h('figcaption', {}, t(g.sentence())),
        );
      if (kind === 'blockquote') return h('blockquote', {}, h('p', {}, t(g.paragraph(1, 2))));
      if (kind === 'pre') return h('pre', {}, h('code', {}, t(`const ${g.word()} = ${g.int(1, 99)};\n${g.word()}(${g.word()});`)));
      return h(
        'p',
        {},
        t(g.paragraph()),
        g.chance(0.3) ? h('a', { href: `/blog/${g.slug(g.words(3))}` }, t(g.words(2))) : '',
        t(` ${g.sentence()}`),
      );
    });
    return [h('h2', { id: g.slug(heading) }, t(heading)), ...blocks];
  });
  return {
    css: `.post{max-width:720px;margin:0 auto;padding:24px}.post__meta{color:#666;display:flex;gap:8px}.post__figure img{max-width:100%;height:auto;display:block}
      .layout{display:grid;grid-template-columns:1fr 260px;gap:24px}.related{border-left:1px solid #ddd;padding:12px}
      @media (max-width:800px){.layout{grid-template-columns:1fr}.post{padding:8px}}`,
    body:
      siteHeader(g) +
      h(
        'div',
        { class: 'layout' },
        h(
          'article',
          { class: 'post' },
          h('h1', { class: 'post__title' }, t(g.title(6))),
          h(
            'div',
            { class: 'post__meta' },
            h('span', { class: 'post__author' }, t(g.title(2))),
            h('time', { datetime: '2024-05-0' + g.int(1, 9) }, t('May 2024')),
          ),
          h('p', { class: 'post__lead' }, t(g.paragraph(2, 3))),
          ...sections.flat(),
        ),
        h(
          'aside',
          { class: 'related' },
          h('h3', {}, 'Related'),
          h(
            'ul',
            {},
            ...Array.from({ length: 5 }, () => h('li', {}, h('a', { href: `/blog/${g.slug(g.words(3))}-${g.serial()}` }, t(g.title(4))))),
          ),
        ),
      ) +
      h('footer', { class: 'site-footer' }, h('p', {}, t('© 2024 ' + g.title(1)))),
  };
};

export const docs: PageBuilder = (g) => {
  const topics = Array.from({ length: g.int(5, 8) }, () => g.title(2));
  const params = () =>
    h(
      'table',
      { class: 'params' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Type'), h('th', {}, 'Description'))),
      h(
        'tbody',
        {},
        ...Array.from({ length: g.int(3, 6) }, () =>
          h(
            'tr',
            {},
            h('td', {}, h('code', {}, t(g.word()))),
            h('td', {}, t(g.pick(['string', 'number', 'boolean']))),
            h('td', {}, t(g.sentence())),
          ),
        ),
      ),
    );
  return {
    css: `.docs{display:grid;grid-template-columns:220px 1fr 180px}.docs-sidebar a{display:block;padding:4px}.callout{padding:8px;border-left:4px solid #39f}
      .callout--warning{border-color:#f93}.toc{font-size:13px}.params td,.params th{border:1px solid #ccc;padding:4px}
      @media (max-width:900px){.docs{grid-template-columns:1fr}.toc{order:-1}}`,
    body:
      siteHeader(g) +
      h(
        'div',
        { class: 'docs' },
        h(
          'nav',
          { class: 'docs-sidebar', 'aria-label': 'Documentation' },
          ...['Guides', 'API', 'Recipes'].map((group) =>
            h(
              'section',
              {},
              h('h4', {}, t(group)),
              h(
                'ul',
                {},
                ...Array.from({ length: g.int(3, 6) }, () => {
                  const w = g.words(2);
                  return h('li', {}, h('a', { href: `/docs/${group.toLowerCase()}/${g.slug(w)}` }, t(w)));
                }),
              ),
            ),
          ),
        ),
        h(
          'main',
          { class: 'docs-content' },
          h('h1', {}, t(g.title(3))),
          h('p', {}, t(g.paragraph())),
          ...topics.map((topic) =>
            h(
              'section',
              {},
              h('h2', { id: g.slug(topic) }, t(topic)),
              h('p', {}, t(g.paragraph())),
              g.chance(0.5)
                ? h('div', { class: `callout ${g.chance(0.5) ? 'callout--warning' : 'callout--info'}` }, h('p', {}, t(g.sentence())))
                : '',
              h('pre', {}, h('code', { class: 'language-ts' }, t(`${g.word()}.${g.word()}({ ${g.word()}: true })`))),
              g.chance(0.6) ? params() : h('p', {}, t(g.paragraph())),
            ),
          ),
        ),
        h(
          'aside',
          { class: 'toc' },
          h('p', {}, 'On this page'),
          h('ul', {}, ...topics.map((topic) => h('li', {}, h('a', { href: `#${g.slug(topic)}` }, t(topic))))),
        ),
      ),
  };
};

export const news: PageBuilder = (g) => {
  const card = (size: string) => {
    const title = g.title(g.int(4, 8));
    const href = `/news/${g.slug(title)}-${g.serial()}`;
    return h(
      'article',
      { class: `story story--${size}` },
      h(
        'a',
        { class: 'story__link', href },
        h('img', { class: 'story__image', src: `/img/story-${g.serial()}.jpg`, alt: title, width: 300, height: 170 }),
        h('h3', { class: 'story__title' }, t(title)),
      ),
      h('p', { class: 'story__summary' }, t(g.sentence())),
      h('div', { class: 'story__meta' }, h('span', {}, t(g.title(1))), h('span', {}, `${g.int(1, 59)} min ago`)),
    );
  };
  return {
    css: `.front{display:grid;grid-template-columns:repeat(4,1fr);gap:16px}.story__image{width:100%;height:auto;display:block}.story--lead{grid-column:span 2}
      .section-title{grid-column:1/-1;border-bottom:2px solid #000}@media (max-width:900px){.front{grid-template-columns:repeat(2,1fr)}}@media (max-width:500px){.front{grid-template-columns:1fr}.story--lead{grid-column:auto}}`,
    body:
      siteHeader(g) +
      h(
        'main',
        { class: 'front' },
        ...['World', 'Business', 'Tech', 'Sport'].flatMap((section) => [
          h('h2', { class: 'section-title' }, t(section)),
          card('lead'),
          ...Array.from({ length: g.int(4, 7) }, () => card('small')),
        ]),
      ),
  };
};

export const comments: PageBuilder = (g) => {
  const comment = (depth: number): string => {
    const user = g.slug(g.words(1)) + g.int(1, 99);
    const id = `comment-${g.int(1000000, 9999999)}`;
    const replies =
      depth < 2 && g.chance(0.5)
        ? h(
            'ul',
            { class: 'comment-list comment-list--replies' },
            ...Array.from({ length: g.int(1, 3) }, () => h('li', {}, comment(depth + 1))),
          )
        : '';
    return h(
      'div',
      { class: 'comment', id },
      h('img', { class: 'comment__avatar', src: `/avatars/${user}.png`, alt: '', width: 32, height: 32 }),
      h(
        'div',
        { class: 'comment__body' },
        h('a', { class: 'comment__author', href: `/u/${user}` }, t(user)),
        h('span', { class: 'comment__time' }, `${g.int(1, 23)}h`),
        h('p', {}, t(g.paragraph(1, 3))),
        h(
          'div',
          { class: 'comment__actions' },
          h('button', { type: 'button' }, 'Reply'),
          h('button', { type: 'button' }, 'Share'),
          h('a', { href: `#${id}` }, 'Link'),
        ),
      ),
      replies,
    );
  };
  return {
    css: `.comment{display:grid;grid-template-columns:40px 1fr;margin:8px 0}.comment-list{list-style:none;padding-left:0}.comment-list--replies{grid-column:2;padding-left:16px}
      .comment__actions button{margin-right:4px}@media (max-width:600px){.comment{grid-template-columns:1fr}}`,
    body:
      siteHeader(g) +
      h(
        'main',
        { class: 'discussion' },
        h('h1', {}, t(g.title(5))),
        h('p', {}, t(g.paragraph())),
        h(
          'form',
          { class: 'reply-form', action: '/comments' },
          h('textarea', { name: 'body', placeholder: 'Add a comment', rows: 3 }),
          h('button', { type: 'submit' }, 'Post'),
        ),
        h('ul', { class: 'comment-list' }, ...Array.from({ length: g.int(5, 9) }, () => h('li', {}, comment(0)))),
      ),
  };
};
