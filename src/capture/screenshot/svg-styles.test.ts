/**
 * Inline SVG styled by the page's style sheets is drawn as the page shows it, although only the
 * properties SVG rendering reads are copied onto the nodes inside it, and none onto nodes no rule
 * reaches (svg-styles.ts).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { captureViewport } from './index';
import { scanStyles } from './style-scan';
import { createSvgProperties, svgStyleProperties } from './svg-styles';
import { expectColor, pixel, setPage } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

const CSS = `
  .icon .a { fill: rgb(200, 0, 0); }
  .icon .b { fill: none; stroke: rgb(0, 0, 200); stroke-width: 12px; }
  .icon .c { fill: rgb(0, 150, 0); opacity: 0.5; }
  .icon .moved { transform: translate(200px, 0); }
  .icon .gone { display: none; }
  .icon .ghost { visibility: hidden; }
  .icon text { font: bold 40px sans-serif; fill: rgb(0, 0, 0); }
`;

describe('inline SVG styled by the page', () => {
  test('only SVG-drawing properties are copied', () => {
    const names = svgStyleProperties(getComputedStyle(document.body));
    for (const name of [
      'fill',
      'stroke',
      'stroke-width',
      'opacity',
      'transform',
      'display',
      'visibility',
      'font-size',
      'clip-path',
      'mask-image',
    ]) {
      expect(names, name).toContain(name);
    }
    for (const name of ['margin-top', 'animation-name', 'grid-template-columns', 'background-color', 'd'])
      expect(names, name).not.toContain(name);
  });

  test('fills, strokes, opacity, CSS transforms and hidden nodes from style sheets', async () => {
    cleanup = setPage(
      `<svg class="icon" width="400" height="200" viewBox="0 0 400 200">
        <rect class="a" x="10" y="10" width="80" height="80"/>
        <rect class="b" x="120" y="20" width="60" height="60"/>
        <g class="moved"><rect class="c" x="10" y="110" width="80" height="80"/></g>
        <rect class="a gone" x="120" y="110" width="60" height="60"/>
        <rect class="a ghost" x="300" y="10" width="60" height="60"/>
      </svg>`,
      CSS,
    );
    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 50, 50), [200, 0, 0, 255], 3, 'class fill');
    expectColor(pixel(canvas, 120, 50), [0, 0, 200, 255], 3, 'class stroke');
    expectColor(pixel(canvas, 150, 50), [255, 255, 255, 255], 3, 'fill none');
    expectColor(pixel(canvas, 250, 150), [128, 203, 128, 255], 4, 'half-transparent fill moved by a CSS transform');
    expectColor(pixel(canvas, 50, 150), [255, 255, 255, 255], 3, 'nothing left where it was moved from');
    expectColor(pixel(canvas, 150, 140), [255, 255, 255, 255], 3, 'display: none');
    expectColor(pixel(canvas, 330, 40), [255, 255, 255, 255], 3, 'visibility: hidden');
  });

  test('nodes no rule reaches get nothing copied: the <svg> gets the SVG properties, styled ones as before', () => {
    cleanup = setPage(
      `<svg class="icon"><rect class="a" width="10" height="10"/></svg>
       <svg class="plain"><g><path d="M0 0h9v9z"/></g></svg>
       <svg class="plain"><path style="fill: var(--c)" d="M0 0h9v9z"/></svg>`,
      CSS,
    );
    const properties = createSvgProperties(scanStyles(document));
    const [styled, plain, custom] = [...document.querySelectorAll('svg')];
    const names = (node: Element): string[] => properties(getComputedStyle(node), node);
    expect(names(styled!.querySelector('rect')!)).toEqual(svgStyleProperties(getComputedStyle(document.body)));
    expect(names(plain!.querySelector('g')!)).toEqual([]);
    expect(names(plain!.querySelector('path')!)).toEqual([]);
    expect(names(plain!), 'the <svg> itself').toContain('fill');
    expect(names(plain!)).not.toContain('margin-top');
    expect(names(custom!.querySelector('path')!), 'an inline var() is copied resolved').toContain('fill');
  });

  test('an SVG no rule reaches inside: attributes, inherited colour and font, inline var() as the page shows', async () => {
    cleanup = setPage(
      `<div class="holder"><svg width="400" height="200" viewBox="0 0 400 200">
        <g transform="translate(10, 10)"><rect width="80" height="80" fill="currentColor"/></g>
        <rect x="120" y="10" width="60" height="60" fill="none" stroke="rgb(0, 0, 200)" stroke-width="12"/>
        <rect x="10" y="110" width="80" height="80" style="fill: var(--accent)"/>
        <rect x="200" y="10" width="80" height="80"/>
      </svg></div>`,
      '.holder { color: rgb(0, 150, 0); fill: rgb(120, 0, 120); --accent: rgb(230, 120, 0); }',
    );
    const { canvas } = await captureViewport({ maxScale: 1 });
    expectColor(pixel(canvas, 50, 50), [0, 150, 0, 255], 3, 'currentColor from the page');
    expectColor(pixel(canvas, 120, 40), [0, 0, 200, 255], 3, 'stroke attribute');
    expectColor(pixel(canvas, 150, 40), [255, 255, 255, 255], 3, 'fill attribute none');
    expectColor(pixel(canvas, 50, 150), [230, 120, 0, 255], 3, 'inline fill through a custom property');
    expectColor(pixel(canvas, 240, 50), [120, 0, 120, 255], 3, 'fill inherited from the page');
  });
});
