/**
 * A long mathematics article as MathJax 3 renders it, for the capture bench: hundreds of inline
 * formulas in MathJax's SVG output (an <svg> per formula with its own <defs> of glyph paths and
 * <use> references, `mjx-container[jax=SVG]` wrappers) and display formulas in its CommonHTML output
 * (nested `mjx-*` custom elements whose glyphs are `::before` content, styled by MathJax's own
 * stylesheet), between paragraphs of synthetic text, numbered sections and a theorem box or two.
 */
import { escapeHtml, textSource, type TextSource } from './text.ts';

const CSS = `
  body { margin: 0; background: #fff; color: #1b1b1b; font: 17px/1.6 "DejaVu Serif", "Liberation Serif", Georgia, serif; }
  .wrap { max-width: 760px; margin: 0 auto; padding: 40px 24px 80px; }
  h1 { font-size: 34px; line-height: 1.2; margin: 0 0 8px; }
  h2 { font-size: 24px; margin: 40px 0 12px; counter-increment: sec; }
  h2::before { content: counter(sec) ". "; color: #7a1f1f; }
  body { counter-reset: sec; }
  .abstract { font-size: 15px; background: #f6f4ef; padding: 12px 16px; border-left: 4px solid #7a1f1f; }
  .theorem { margin: 18px 0; padding: 10px 14px; border: 1px solid #c9c2b3; border-radius: 4px; background: #fbfaf7; }
  .theorem b { font-variant: small-caps; }
  mjx-container[jax="SVG"] { direction: ltr; }
  mjx-container[jax="SVG"] > svg { overflow: visible; min-height: 1px; min-width: 1px; }
  mjx-container[jax="SVG"] > svg a { fill: blue; stroke: blue; }
  mjx-container[jax="SVG"][display="true"] { display: block; text-align: center; margin: 1em 0; }
  mjx-container[jax="CHTML"] { line-height: 0; }
  mjx-container [space="1"] { margin-left: .111em; }
  mjx-container [space="3"] { margin-left: .278em; }
  mjx-container[jax="CHTML"][display="true"] { display: block; text-align: center; margin: 1em 0; }
  mjx-math { display: inline-block; text-align: left; line-height: 0; text-indent: 0; font-style: normal; font-weight: normal; font-size: 121%; letter-spacing: normal; border-collapse: collapse; word-wrap: normal; word-spacing: normal; white-space: nowrap; direction: ltr; padding: 1px 0; }
  mjx-mi, mjx-mo, mjx-mn, mjx-mrow, mjx-msup, mjx-msub, mjx-mfrac { display: inline-block; text-align: left; }
  mjx-c { display: inline-block; }
  mjx-c::before { display: block; width: 0; }
  mjx-utext { display: inline-block; padding: .75em 0 .2em 0; }
  mjx-mfrac { vertical-align: .17em; padding: 0 .22em; }
  mjx-frac { display: inline-block; vertical-align: 0.17em; padding: 0 .22em; }
  mjx-dtable { display: inline-table; width: 100%; }
  mjx-num, mjx-den { display: block; text-align: center; }
  mjx-line { display: block; box-sizing: border-box; min-height: 1px; height: .06em; border-top: .06em solid; margin: .06em -.1em; overflow: hidden; width: auto; }
  mjx-script { display: inline-block; padding-right: .05em; padding-left: .033em; vertical-align: .363em; font-size: 70.7%; }
  .mjx-i mjx-c { font-style: italic; }
  mjx-c.mjx-c1D465::before { padding: .442em .572em .011em 0; content: "x"; }
  mjx-c.mjx-c1D466::before { padding: .442em .49em .205em 0; content: "y"; }
  mjx-c.mjx-c1D45B::before { padding: .442em .6em .011em 0; content: "n"; }
  mjx-c.mjx-c1D458::before { padding: .694em .521em .011em 0; content: "k"; }
  mjx-c.mjx-c3D::before { padding: .583em .778em .082em 0; content: "="; }
  mjx-c.mjx-c2B::before { padding: .583em .778em .082em 0; content: "+"; }
  mjx-c.mjx-c2211::before { padding: .75em 1.056em .25em 0; content: "\\2211"; }
  mjx-c.mjx-c32::before { padding: .666em .5em 0 0; content: "2"; }
  mjx-c.mjx-c31::before { padding: .666em .5em 0 0; content: "1"; }
  mjx-c.mjx-c28::before { padding: .75em .389em .25em 0; content: "("; }
  mjx-c.mjx-c29::before { padding: .75em .389em .25em 0; content: ")"; }
`;

const GLYPHS = ['1D465', '1D466', '1D45B', '1D458', '3D', '2B', '32', '31', '28', '29'];

/** A glyph-like closed path in MathJax's 1000-unit em box (what matters is the amount of geometry). */
function glyphPath(t: TextSource): string {
  const points = Array.from({ length: t.int(6, 14) }, () => `${t.int(20, 560)} ${t.int(-200, 680)}`);
  return `M${points[0]}${points
    .slice(1)
    .map((p, i) => (i % 3 === 0 ? `Q${p} ${points[(i + 2) % points.length]}` : `L${p}`))
    .join('')}Z`;
}

/** MathJax SVG output with a local font cache: the formula's own <defs>, then <use> per glyph. */
function svgFormula(t: TextSource, id: number, display: boolean): string {
  const glyphs = Array.from({ length: t.int(3, display ? 14 : 7) }, () => t.pick(GLYPHS));
  const unique = [...new Set(glyphs)];
  const width = glyphs.length * 560;
  const defs = unique.map((g) => `<path id="MJX-${id}-TEX-I-${g}" d="${glyphPath(t)}"></path>`).join('');
  let x = 0;
  const uses = glyphs
    .map((g, i) => {
      const node = i % 3 === 2 ? 'mo' : 'mi';
      const out = `<g data-mml-node="${node}" transform="translate(${x},0)"><use data-c="${g}" xlink:href="#MJX-${id}-TEX-I-${g}"></use></g>`;
      x += 560;
      return i % 4 === 3
        ? `<g data-mml-node="msup" transform="translate(${x},0)">${out}<g data-mml-node="mn" transform="translate(${x + 300},363) scale(0.707)"><use data-c="32" xlink:href="#MJX-${id}-TEX-I-${unique[0]}"></use></g></g>`
        : out;
    })
    .join('');
  const ex = (width / 1000) * 2.26;
  const svg = `<svg style="vertical-align: -0.566ex;" xmlns="http://www.w3.org/2000/svg" width="${ex.toFixed(3)}ex" height="2.262ex" role="img" focusable="false" viewBox="0 -750 ${width} 1000" xmlns:xlink="http://www.w3.org/1999/xlink" aria-hidden="true"><defs>${defs}</defs><g stroke="currentColor" fill="currentColor" stroke-width="0" transform="scale(1,-1)"><g data-mml-node="math">${uses}</g></g></svg>`;
  const speech = `<mjx-assistive-mml unselectable="on" display="inline" style="position:absolute;padding:1px 0 0 0;border:0;display:block;width:auto;overflow:hidden;clip:rect(1px,1px,1px,1px);top:0;left:0"><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math></mjx-assistive-mml>`;
  return `<mjx-container class="MathJax" jax="SVG"${display ? ' display="true"' : ''} style="position: relative;">${svg}${speech}</mjx-container>`;
}

/** MathJax CommonHTML output: nested mjx-* elements, glyphs drawn as ::before content. */
function chtmlFormula(t: TextSource): string {
  const c = (g: string, cls = 'mjx-i') => `<mjx-mi class="${cls}"><mjx-c class="mjx-c${g}"></mjx-c></mjx-mi>`;
  const term = () =>
    `<mjx-msup>${c(t.pick(['1D465', '1D466', '1D45B']))}<mjx-script style="vertical-align: 0.413em;"><mjx-mn class="mjx-n"><mjx-c class="mjx-c32"></mjx-c></mjx-mn></mjx-script></mjx-msup>`;
  const frac = () =>
    `<mjx-mfrac><mjx-frac type="d"><mjx-num><mjx-nstrut type="d"></mjx-nstrut><mjx-mrow>${c('31', 'mjx-n')}</mjx-mrow></mjx-num><mjx-dbox><mjx-dtable><mjx-line type="d"></mjx-line><mjx-row><mjx-den><mjx-dstrut type="d"></mjx-dstrut><mjx-mrow>${term()}</mjx-mrow></mjx-den></mjx-row></mjx-dtable></mjx-dbox></mjx-frac></mjx-mfrac>`;
  const parts = Array.from({ length: t.int(3, 6) }, (_, i) =>
    i % 2 ? `<mjx-mo class="mjx-n" space="3"><mjx-c class="mjx-c2B"></mjx-c></mjx-mo>` : t.int(0, 1) ? frac() : term(),
  );
  return `<mjx-container class="MathJax CtxtMenu_Attached_0" jax="CHTML" display="true" tabindex="0" ctxtmenu_counter="${t.int(1, 999)}"><mjx-math display="true" class="MJX-TEX" aria-hidden="true"><mjx-mo class="mjx-lop"><mjx-c class="mjx-c2211"></mjx-c></mjx-mo>${c('1D458')}<mjx-mo class="mjx-n" space="3"><mjx-c class="mjx-c3D"></mjx-c></mjx-mo>${parts.join('')}</mjx-math><mjx-assistive-mml unselectable="on" display="block"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>k</mi></math></mjx-assistive-mml></mjx-container>`;
}

export function mathPage(): string {
  const t = textSource(7);
  let id = 0;
  const paragraph = () => {
    const pieces: string[] = [];
    for (let i = 0, n = t.int(3, 5); i < n; i++) pieces.push(escapeHtml(t.sentence(6, 14)), svgFormula(t, id++, false));
    return `<p>${pieces.join(' ')} ${escapeHtml(t.sentence())}</p>`;
  };
  const sections = Array.from({ length: 14 }, (_, s) => {
    const body: string[] = [];
    for (let i = 0; i < 6; i++) {
      body.push(paragraph());
      if (i % 2 === 1) body.push(i % 4 === 1 ? chtmlFormula(t) : svgFormula(t, id++, true));
      if (i === 3)
        body.push(
          `<div class="theorem"><b>Theorem ${s + 1}.${i}.</b> ${escapeHtml(t.sentence())} ${svgFormula(t, id++, false)} ${escapeHtml(t.sentence())}</div>`,
        );
    }
    return `<h2>${escapeHtml(t.title(2, 6))}</h2>${body.join('\n')}`;
  }).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>On synthetic series — a note</title><style>${CSS}</style></head>
<body><div class="wrap">
<h1>${escapeHtml(t.title(4, 8))}</h1>
<p class="abstract"><b>Abstract.</b> ${escapeHtml(t.sentence(30, 50))} ${svgFormula(t, id++, false)}</p>
${sections}
</div></body>
</html>`;
}
