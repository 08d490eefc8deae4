/**
 * Corpus: the older and plainer web the first corpus under-represented — a phpBB-era forum laid out
 * in tables and <font> tags with no classes at all, a link aggregator in the style of Hacker News
 * (tables, a few classes, numeric ids), and long articles: dozens of paragraphs, headings without
 * ids, a handful of classes, links dense enough that one shape holds hundreds of elements. What
 * tells their elements apart is position and text alone, and many texts repeat ("Reply with quote",
 * "3 hours ago", "Posts: 12").
 */
import { h, t, type Gen, type PageBuilder } from '../gen.ts';

const RANKS = ['Newbie', 'Member', 'Regular', 'Moderator'];
const JOINED = ['Jan 2004', 'Mar 2005', 'Nov 2006', 'Jul 2003'];
const POSTED = ['Mon Jun 12, 2006 9:14 pm', 'Tue Jun 13, 2006 8:02 am', 'Tue Jun 13, 2006 11:40 am'];

export const forum: PageBuilder = (g) => {
  const keyed = g.chance(0.3); // some boards link each post by its number, most of these pages do not
  const post = () => {
    const user = g.title(1) + g.pick(['', '_', '78', 'X']);
    return h(
      'tr',
      {},
      h(
        'td',
        { width: 150, valign: 'top', bgcolor: '#EFEFEF' },
        h('font', { size: 2 }, h('b', {}, t(user))),
        h('br'),
        h('font', { size: 1 }, t(g.pick(RANKS)), h('br'), t(`Joined: ${g.pick(JOINED)}`), h('br'), t(`Posts: ${g.int(1, 40)}`)),
      ),
      h(
        'td',
        { valign: 'top', bgcolor: '#FFFFFF' },
        h(
          'table',
          { width: '100%', border: 0, cellspacing: 0 },
          h(
            'tr',
            {},
            h('td', {}, h('font', { size: 1 }, t(`Posted: ${g.pick(POSTED)}`))),
            h(
              'td',
              { align: 'right' },
              h(
                'a',
                { href: keyed ? `posting.php?mode=quote&p=${g.serial()}` : 'posting.php?mode=quote' },
                h('img', { src: 'templates/subSilver/images/icon_quote.gif', alt: 'Reply with quote', border: 0 }),
              ),
            ),
          ),
          h('tr', {}, h('td', { colspan: 2 }, h('hr'), h('font', { size: 2 }, t(g.paragraph(1, 3)), h('br'), h('br'), t(g.sentence())))),
        ),
        h('font', { size: 1 }, h('a', { href: '#top' }, 'Back to top'), ' | ', h('a', { href: 'privmsg.php?mode=post' }, 'PM')),
      ),
    );
  };
  return {
    css: `body{background:#E5E5E5}td{font-family:Verdana,Arial}`,
    body:
      h('a', { name: 'top' }) +
      h(
        'center',
        {},
        h(
          'table',
          { width: '95%', border: 0, cellspacing: 0, cellpadding: 2 },
          h(
            'tr',
            {},
            h(
              'td',
              {},
              h('font', { size: 4 }, h('b', {}, t(g.title(3)))),
              h('br'),
              h(
                'font',
                { size: 1 },
                h('a', { href: 'index.php' }, 'Forum Index'),
                ' -> ',
                h('a', { href: 'viewforum.php?f=2' }, t(g.title(2))),
              ),
            ),
          ),
        ),
        h(
          'table',
          { width: '95%', border: 0, cellspacing: 1, cellpadding: 3, bgcolor: '#A0A0A0' },
          h('tr', {}, h('th', { width: 150 }, 'Author'), h('th', {}, 'Message')),
          ...Array.from({ length: g.int(8, 16) }, post),
        ),
        h(
          'table',
          { width: '95%' },
          h(
            'tr',
            {},
            h(
              'td',
              {},
              h(
                'font',
                { size: 1 },
                'Page ',
                h('b', {}, '1'),
                ', ',
                h('a', { href: 'viewtopic.php?start=15' }, '2'),
                ', ',
                h('a', { href: 'viewtopic.php?start=30' }, '3'),
              ),
            ),
            h('td', { align: 'right' }, h('font', { size: 1 }, 'All times are GMT')),
          ),
        ),
      ),
  };
};

export const linkBoard: PageBuilder = (g) => {
  const story = (rank: number) => {
    const id = String(g.int(30000000, 39999999));
    const site = `${g.word()}.${g.pick(['com', 'org', 'io'])}`;
    const title = g.title(g.int(4, 10));
    return [
      h(
        'tr',
        { class: 'athing', id },
        h('td', { align: 'right', valign: 'top', class: 'title' }, h('span', { class: 'rank' }, `${rank}.`)),
        h(
          'td',
          { valign: 'top', class: 'votelinks' },
          h(
            'center',
            {},
            h(
              'a',
              { id: `up_${id}`, href: `vote?id=${id}&how=up&auth=${g.int(1e9, 9e9).toString(16)}` },
              h('div', { class: 'votearrow', title: 'upvote' }),
            ),
          ),
        ),
        h(
          'td',
          { class: 'title' },
          h(
            'span',
            { class: 'titleline' },
            h('a', { href: `https://${site}/${g.slug(title)}` }, t(title)),
            h(
              'span',
              { class: 'sitebit comhead' },
              ' (',
              h('a', { href: `from?site=${site}` }, h('span', { class: 'sitestr' }, t(site))),
              ')',
            ),
          ),
        ),
      ),
      h(
        'tr',
        {},
        h('td', { colspan: 2 }),
        h(
          'td',
          { class: 'subtext' },
          h(
            'span',
            { class: 'subline' },
            h('span', { class: 'score' }, `${g.int(2, 60)} points`),
            ' by ',
            h('a', { href: `user?id=${g.word()}${g.int(1, 9)}`, class: 'hnuser' }, t(g.word())),
            ' ',
            h('span', { class: 'age' }, h('a', { href: `item?id=${id}` }, `${g.int(1, 9)} hours ago`)),
            ' | ',
            h('a', { href: `hide?id=${id}&goto=news` }, 'hide'),
            ' | ',
            h('a', { href: `item?id=${id}` }, `${g.int(0, 40)}\u00a0comments`),
          ),
        ),
      ),
      h('tr', { class: 'spacer', style: 'height:5px' }),
    ];
  };
  return {
    css: `#hnmain{background:#f6f6ef}.title{font-size:10pt}.subtext{font-size:7pt;color:#828282}.votearrow{width:10px;height:10px;background:#999}.rank{color:#828282}`,
    body: h(
      'center',
      {},
      h(
        'table',
        { id: 'hnmain', border: 0, cellpadding: 0, cellspacing: 0, width: '85%' },
        h(
          'tr',
          {},
          h(
            'td',
            { bgcolor: '#ff6600' },
            h(
              'table',
              { border: 0, cellpadding: 0, cellspacing: 0, width: '100%' },
              h(
                'tr',
                {},
                h(
                  'td',
                  {},
                  h('b', { class: 'hnname' }, h('a', { href: 'news' }, 'Hacker News')),
                  ' ',
                  ...['new', 'past', 'comments', 'ask', 'show', 'jobs'].flatMap((l) => [h('a', { href: l }, l), ' | ']).slice(0, -1),
                ),
              ),
            ),
          ),
        ),
        h('tr', { style: 'height:10px' }),
        h(
          'tr',
          {},
          h(
            'td',
            {},
            h(
              'table',
              { border: 0, cellpadding: 0, cellspacing: 0 },
              ...Array.from({ length: g.int(15, 30) }, (_, i) => story(i + 1)).flat(),
              h(
                'tr',
                {},
                h('td', { colspan: 2 }),
                h('td', { class: 'title' }, h('a', { href: 'news?p=2', class: 'morelink', rel: 'next' }, 'More')),
              ),
            ),
          ),
        ),
        h(
          'tr',
          {},
          h(
            'td',
            {},
            h(
              'center',
              {},
              ...['Guidelines', 'FAQ', 'Lists', 'API', 'Security', 'Legal']
                .flatMap((l) => [h('a', { href: l.toLowerCase() }, l), ' | '])
                .slice(0, -1),
            ),
          ),
        ),
      ),
    ),
  };
};

/** A paragraph of a long article: prose with inline links and emphasis, linked densely on wiki-like pages. */
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
