/**
 * Corpus: the older and plainer web the first corpus under-represented — a phpBB-era forum laid out
 * in tables and <font> tags with no classes at all, a link aggregator in the style of Hacker News
 * (tables, a few classes, numeric ids), and long articles: dozens of paragraphs, headings without
 * ids, a handful of classes, links dense enough that one shape holds hundreds of elements. What
 * tells their elements apart is position and text alone, and many texts repeat ("Reply with quote",
 * "3 hours ago", "Posts: 12").
 */
import { h, t, type PageBuilder } from '../gen.ts';

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
