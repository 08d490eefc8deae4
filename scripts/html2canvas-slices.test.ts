/**
 * The html2canvas rewrite applies to the html2canvas that is installed, and refuses (failing the
 * build) rather than silently shipping an unsliced html2canvas when the text it rewrites has changed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sliceHtml2canvas } from './html2canvas-slices.ts';

const esm = join(dirname(createRequire(import.meta.url).resolve('html2canvas/package.json')), 'dist', 'html2canvas.esm.js');
const original = readFileSync(esm, 'utf8');

describe('html2canvas-slices', () => {
  it('rewrites the installed html2canvas: sliced parse, pausing painter, fonts measured where told', () => {
    const out = sliceHtml2canvas(original);
    expect(out).toContain('export function __pinmarkSetHooks(hooks)');
    expect(out).toContain('__pinmarkParseTree(context, clonedElement).then(');
    expect(out).toContain('var __pinmarkRenderNode = function (paint) {');
    expect(out).toContain('new FontMetrics(__pinmarkFontDocument() || document)');
    expect(out).not.toContain('root = parseTree(context, clonedElement);');
  });

  it('copies off-screen subtrees as stubs, skips what the clone hid, and does not poll a ready clone', () => {
    const out = sliceHtml2canvas(original);
    expect(out).toContain('__pinmarkHooks.stub ? __pinmarkHooks.stub(child) : null');
    expect(out).toContain('__pinmarkHooks.skipParse(childNode)) continue;');
    expect(out).toContain('__pinmarkCopySome(style, clone, __pinmarkHooks.svgProperties(style, node))');
    expect(out).toContain('var __pinmarkParseValue = function (context, descriptor, style) {');
    expect(out).toContain(
      "__pinmarkCopySome(style, target, __pinmarkCopiedNames(style, target.namespaceURI === 'http://www.w3.org/2000/svg'));",
    );
    expect(out).toContain("__pinmarkSegmenters.word || (__pinmarkSegmenters.word = new Intl.Segmenter(void 0, { granularity: 'word' }))");
    expect(out).toContain('__pinmarkRange.range : ownerDocument.createRange()');
    expect(out).toMatch(
      /if \(__pinmarkHooks\.pause && documentClone\.body\.childNodes\.length > 0 && documentClone\.readyState === 'complete'\) \{\s*resolve\(iframe\);/,
    );
  });

  it('fails loudly when a place it rewrites is missing', () => {
    expect(() => sliceHtml2canvas(original.replace('CanvasRenderer.prototype.renderNode = function (paint) {', 'x'))).toThrow(
      /renderNode not found/,
    );
    expect(() => sliceHtml2canvas(original.replace('root = parseTree(context, clonedElement);', ''))).toThrow(/parse before rendering/);
  });
});
