/**
 * A news front page as big sites build them, for the capture bench: several thousand elements (a
 * sticky masthead, mega-menu navigation with hidden submenus, dense teaser grids with images, "most
 * read" lists, link-farm footers), screen-reader-only labels (clip and clip-path flavours), lists
 * with `list-style: none`, sections with `content-visibility: auto`, lazy images, and the page code
 * real sites carry: inline `onload`/`onerror` handlers on images calling the page's own functions,
 * and a Content-Security-Policy that blocks one of its own stylesheets (a font CSS on another origin).
 * Synthetic text (text.ts); images are the demo's (/qa/img/).
 */
import { escapeHtml, textSource } from './text.ts';

const IMAGES = ['/qa/img/dawn.png', '/qa/img/dusk.png', '/qa/img/fjord.png', '/qa/img/meadow.png', '/qa/img/harbour.jpg'];
const SECTIONS = [
  'Politics',
  'World',
  'Business',
  'Technology',
  'Science',
  'Health',
  'Sport',
  'Culture',
  'Travel',
  'Climate',
  'Opinion',
  'Local',
  'Food',
  'Style',
  'Books',
  'Music',
  'Film',
  'Games',
  'Money',
  'Property',
  'Education',
  'Media',
  'Cars',
  'Weather',
];

const CSS = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.45 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #121212; background: #fff; }
  a { color: inherit; text-decoration: none; }
  a:hover { text-decoration: underline; }
  .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
  .visually-hidden { position: absolute !important; width: 1px !important; height: 1px !important; overflow: hidden !important; clip-path: inset(50%) !important; white-space: nowrap !important; }
  .topbar { background: #052962; color: #fff; font-size: 13px; }
  .topbar ul { display: flex; gap: 18px; list-style: none; margin: 0 auto; padding: 6px 24px; max-width: 1300px; }
  .masthead { position: sticky; top: 0; z-index: 5; background: #fff; border-bottom: 3px solid #121212; }
  .masthead .inner { display: flex; align-items: center; max-width: 1300px; margin: 0 auto; padding: 10px 24px; gap: 24px; }
  .brand { font: 800 34px/1 "DejaVu Serif", Georgia, serif; letter-spacing: -0.03em; }
  .menu { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 0; padding: 0; font-weight: 700; font-size: 14px; }
  .menu > li { position: relative; }
  .menu .sub { display: none; position: absolute; top: 100%; left: 0; background: #fff; list-style: none; padding: 8px; margin: 0; width: 220px; box-shadow: 0 6px 20px rgba(0,0,0,.2); }
  .menu .sub li { padding: 3px 0; font-weight: 400; }
  .page { max-width: 1300px; margin: 0 auto; padding: 0 24px; }
  .breaking { margin: 18px 0; padding: 10px 14px; background: #c70000; color: #fff; font-weight: 700; }
  .breaking span { background: #fff; color: #c70000; padding: 1px 6px; margin-right: 8px; border-radius: 2px; }
  section.front { content-visibility: auto; contain-intrinsic-size: auto 900px; border-top: 1px solid #dcdcdc; padding: 14px 0 24px; }
  section.front > h2 { margin: 0 0 12px; font: 700 22px/1.2 "DejaVu Serif", Georgia, serif; color: #052962; }
  section.front > h2::after { content: " ›"; color: #c70000; }
  .grid { display: grid; grid-template-columns: 2fr 1fr 1fr 1fr; gap: 18px; }
  .teaser { border-top: 1px solid #c70000; padding-top: 6px; }
  .teaser:first-child { grid-row: span 2; }
  .teaser img { display: block; width: 100%; height: auto; aspect-ratio: 5 / 3; object-fit: cover; background: #eee; }
  .teaser .kicker { color: #c70000; font-weight: 700; font-size: 13px; }
  .teaser h3 { margin: 4px 0 6px; font: 600 17px/1.25 "DejaVu Serif", Georgia, serif; }
  .teaser:first-child h3 { font-size: 26px; }
  .teaser p { margin: 0 0 6px; color: #505050; font-size: 14px; }
  .meta { display: flex; gap: 10px; list-style: none; margin: 0; padding: 0; font-size: 12px; color: #707070; }
  .meta li + li::before { content: "·"; margin-right: 10px; }
  .related { list-style: none; margin: 6px 0 0; padding: 0; font-size: 13px; }
  .related li { padding: 3px 0; border-top: 1px dotted #ccc; }
  .layout { display: grid; grid-template-columns: 1fr 300px; gap: 28px; }
  aside .box { border-top: 3px solid #052962; margin-bottom: 24px; }
  aside h2 { font-size: 18px; margin: 8px 0; }
  .most-read { list-style: none; counter-reset: rank; margin: 0; padding: 0; }
  .most-read li { counter-increment: rank; display: flex; gap: 10px; padding: 8px 0; border-bottom: 1px solid #eee; font-weight: 600; }
  .most-read li::before { content: counter(rank); font: 700 30px/1 "DejaVu Serif", Georgia, serif; color: #c70000; min-width: 28px; }
  .ad { height: 250px; background: repeating-linear-gradient(45deg, #f4f4f4 0 10px, #ececec 10px 20px); display: grid; place-items: center; color: #999; font-size: 12px; }
  footer { background: #052962; color: #dcdcdc; margin-top: 32px; padding: 24px 0; font-size: 13px; }
  footer .cols { max-width: 1300px; margin: 0 auto; padding: 0 24px; display: grid; grid-template-columns: repeat(6, 1fr); gap: 16px; }
  footer ul { list-style: none; margin: 0; padding: 0; }
  footer li { padding: 2px 0; }
  .is-loaded { outline: 0; }
`;

/** The page's own code, as a site ships it: what the inline handlers call. */
const PAGE_SCRIPT = `
  window.__pageHandlerRuns = 0;
  function lazyImageLoaded(img) { window.__pageHandlerRuns++; img.classList.add('is-loaded'); }
  function hideBrokenImage(img) { window.__pageHandlerRuns++; img.style.display = 'none'; }
`;

export function newsPage(blockedOrigin: string): string {
  const t = textSource(14);
  const imageIndex = { n: 0 };
  const nextImage = () => IMAGES[imageIndex.n++ % IMAGES.length]!;
  const menu = SECTIONS.slice(0, 14)
    .map(
      (name) =>
        `<li><a href="/${name.toLowerCase()}">${name}</a><ul class="sub">${Array.from({ length: 8 }, () => `<li><a href="#">${escapeHtml(t.title(1, 3))}</a></li>`).join('')}</ul></li>`,
    )
    .join('');
  const teaser = (lead: boolean, index: number) => {
    const lazy = index > 6 ? ' loading="lazy"' : '';
    // Most images report to the page when they load; a few point at a missing file and hide themselves.
    const handler =
      index % 9 === 4
        ? `src="/bench-pages/img/missing-${index}.png" onerror="hideBrokenImage(this)"`
        : `src="${nextImage()}" onload="lazyImageLoaded(this)"`;
    const related = lead
      ? `<ul class="related">${Array.from({ length: 4 }, () => `<li><a href="#">${escapeHtml(t.title(4, 8))}</a></li>`).join('')}</ul>`
      : '';
    return `<article class="teaser">
      <a href="#"><img ${handler} alt="" width="500" height="300"${lazy}><span class="sr-only">Photo: ${escapeHtml(t.words(3))}</span></a>
      <div class="kicker">${escapeHtml(t.title(1, 2))}</div>
      <h3><a href="#">${escapeHtml(t.title(6, lead ? 12 : 10))}<span class="visually-hidden"> (opens article)</span></a></h3>
      <p>${escapeHtml(t.sentence(10, lead ? 30 : 16))}</p>
      <ul class="meta"><li><time>${t.int(1, 59)} min ago</time></li><li><a href="#">${t.int(2, 800)} comments</a></li><li><span class="sr-only">Section:</span>${escapeHtml(t.title(1, 1))}</li></ul>
      ${related}
    </article>`;
  };
  let count = 0;
  const sections = SECTIONS.map(
    (name) => `<section class="front" aria-labelledby="s-${name}">
      <h2 id="s-${name}"><a href="#">${name}</a></h2>
      <div class="grid">${Array.from({ length: 10 }, (_, i) => teaser(i === 0, count++)).join('')}</div>
    </section>`,
  ).join('');
  const mostRead = `<ol class="most-read">${Array.from({ length: 10 }, () => `<li><a href="#">${escapeHtml(t.title(5, 9))}</a></li>`).join('')}</ol>`;
  const aside = `<aside>
    <div class="box"><h2>Most read</h2>${mostRead}</div>
    <div class="ad">Advertisement<img src="/bench-pages/img/pixel-missing.gif" width="1" height="1" alt="" onerror="hideBrokenImage(this)"></div>
    <div class="box"><h2>Newsletters</h2><ul class="related">${Array.from({ length: 12 }, () => `<li><a href="#">${escapeHtml(t.title(2, 4))}</a></li>`).join('')}</ul></div>
  </aside>`;
  const footer = `<footer><div class="cols">${Array.from(
    { length: 6 },
    () => `<ul>${Array.from({ length: 40 }, () => `<li><a href="#">${escapeHtml(t.title(1, 3))}</a></li>`).join('')}</ul>`,
  ).join('')}</div></footer>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; img-src 'self' data: blob:">
<title>The Daily Synthetic — front page</title>
<link rel="preconnect" href="${blockedOrigin}">
<link rel="stylesheet" href="${blockedOrigin}/fonts/headline.css">
<style>${CSS}</style>
<script>${PAGE_SCRIPT}</script>
</head>
<body>
<a class="sr-only" href="#main">Skip to main content</a>
<div class="topbar"><ul><li>${new Array(1).fill('Print subscriptions').join('')}</li><li>Sign in</li><li>Search jobs</li><li>Dating</li><li>International edition</li></ul></div>
<header class="masthead"><div class="inner"><div class="brand">The Daily Synthetic</div><nav aria-label="Sections"><ul class="menu">${menu}</ul></nav></div></header>
<main id="main" class="page">
  <div class="breaking"><span>Live</span>${escapeHtml(t.title(8, 12))}</div>
  <div class="layout"><div>${sections}</div>${aside}</div>
</main>
${footer}
</body>
</html>`;
}
