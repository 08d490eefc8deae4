/**
 * Corpus: a long article of the old web — paragraph after paragraph with few classes and
 * links of varying density.
 */
import { h, t, type Gen, type PageBuilder } from '../gen.ts';

function paragraph(g: Gen, linkDensity: number): string {
  const parts: string[] = [];
  for (let i = 0, n = g.int(2, 6); i < n; i++) {
    parts.push(t(`${g.sentence()} `));
    if (g.chance(linkDensity)) {
      const w = g.words(1, 2);
      parts.push(h('a', { href: `/wiki/${g.slug(w)}`, title: w }, t(w)), ' ');
    }
    if (g.chance(0.15)) parts.push(h(g.pick(['em', 'strong', 'code']), {}, t(g.words(1, 3))), ' ');
  }
  return h('p', {}, ...parts);
}

export const longform: PageBuilder = (g) => {
  const wiki = g.chance(0.5);
  const density = wiki ? 0.8 : 0.25;
  const blocks: string[] = [];
  for (let s = 0, sections = g.int(5, 9); s < sections; s++) {
    blocks.push(h(s % 3 === 2 ? 'h3' : 'h2', {}, t(g.title(g.int(2, 5)))));
    for (let b = 0, n = g.int(3, 8); b < n; b++) {
      const kind = g.pick(['p', 'p', 'p', 'p', 'p', 'ul', 'blockquote', 'figure', 'ad']);
      if (kind === 'ul')
        blocks.push(h(g.pick(['ul', 'ol']), {}, ...Array.from({ length: g.int(3, 7) }, () => h('li', {}, t(g.sentence())))));
      else if (kind === 'blockquote') blocks.push(h('blockquote', {}, h('p', {}, t(g.paragraph(1, 2)))));
      else if (kind === 'figure')
        blocks.push(
          h(
            'div',
            { class: 'wp-caption' },
            h('img', { src: `/wp-content/uploads/2019/0${g.int(1, 9)}/IMG_${g.int(1000, 9999)}.jpg`, width: 600, height: 300, alt: '' }),
            h('p', { class: 'wp-caption-text' }, t(g.sentence())),
          ),
        );
      else if (kind === 'ad') blocks.push(h('div', { class: 'ad' }, h('small', {}, 'Advertisement')));
      else blocks.push(paragraph(g, density));
    }
  }
  return {
    css: `#content{max-width:700px;margin:0 auto;font:16px/1.6 Georgia,serif}.ad{height:60px;background:#f3f3f3;text-align:center}.wp-caption img{max-width:100%;height:auto}
      #sidebar{font-size:13px}#page{display:flex;gap:24px}@media (max-width:800px){#page{display:block}}`,
    body: h(
      'div',
      { id: 'page' },
      h(
        'div',
        { id: 'content' },
        h('h1', {}, t(g.title(g.int(5, 9)))),
        h('p', {}, h('small', {}, t(`By ${g.title(2)} · ${g.int(1, 28)} March 2019`))),
        h('div', { class: 'entry-content' }, ...blocks),
        h(
          'p',
          {},
          'Tags: ',
          ...Array.from({ length: g.int(3, 6) }, () => {
            const w = g.word();
            return h('a', { href: `/tag/${w}`, rel: 'tag' }, t(w)) + ' ';
          }),
        ),
      ),
      h(
        'div',
        { id: 'sidebar' },
        ...['Recent Posts', 'Archives', 'Categories'].map((title) =>
          h(
            'div',
            {},
            h('h4', {}, t(title)),
            h(
              'ul',
              {},
              ...Array.from({ length: g.int(4, 8) }, () =>
                h('li', {}, h('a', { href: `/${g.int(2009, 2019)}/${g.int(10, 12)}/${g.slug(g.words(3))}` }, t(g.title(4)))),
              ),
            ),
          ),
        ),
      ),
    ),
  };
};
