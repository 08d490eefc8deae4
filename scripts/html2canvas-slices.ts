/**
 * A build step (Vite/Rolldown transform) that lets html2canvas give the host page its main thread
 * back while it works. html2canvas parses the cloned page and paints it in one uninterrupted task:
 * 100–300 ms on an ordinary page, during which the host cannot scroll, type or animate — and our
 * rule is never more than 50 ms. Its parse is a plain recursion and its painter an async chain that
 * only ever awaits already-settled promises, so nothing in it reaches the event loop.
 *
 * The transform rewrites three places; the capture code installs the hooks with `__pinmarkSetHooks`:
 *  - the element parse becomes an async walk that may `pause()` before each element (same order, same
 *    containers — a browser test compares the pixels of a sliced and an unsliced capture);
 *  - `renderNode`, which paints one element, may `pause()` before it starts
 *    (src/capture/screenshot/slices.ts decides when a slice is used up);
 *  - font baselines are measured in the document `fontDocument()` names (the clone) instead of the
 *    host's: html2canvas appends a probe to the host's <body> and reads offsetTop once per font,
 *    forcing the host page to lay itself out again each time, tens of milliseconds on a big page.
 * Without hooks installed (the default) html2canvas behaves exactly as before.
 *
 * html2canvas 1.4.1 has not changed since 2022, so the text matched here is stable. If it is not
 * found the build fails: a new html2canvas must be looked at, not silently lose the slicing.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const MODULE = /[\\/]node_modules[\\/]html2canvas[\\/]dist[\\/]html2canvas\.esm\.js$/;

const RENDER_NODE = 'CanvasRenderer.prototype.renderNode = function (paint) {';
const RENDER_NODE_SLICED = `CanvasRenderer.prototype.renderNode = function (paint) {
        var self = this, wait = __pinmarkPause();
        return wait ? wait.then(function () { return __pinmarkRenderNode.call(self, paint); }) : __pinmarkRenderNode.call(self, paint);
    };
    var __pinmarkRenderNode = function (paint) {`;

/** From the parse up to the start of painting, in the `renderElement` state machine. */
const PARSE_THEN_RENDER =
  /root = parseTree\(context, clonedElement\);\s*if \(backgroundColor === root\.styles\.backgroundColor\) \{\s*root\.styles\.backgroundColor = COLORS\.TRANSPARENT;\s*\}\s*context\.logger\.debug\([^;]*\);\s*renderer = new CanvasRenderer\(context, renderOptions\);\s*return \[4 \/\*yield\*\/, renderer\.render\(root\)\];/;
const PARSE_THEN_RENDER_SLICED = `renderer = new CanvasRenderer(context, renderOptions);
                return [4 /*yield*/, __pinmarkParseTree(context, clonedElement).then(function (parsed) {
                    root = parsed;
                    if (backgroundColor === root.styles.backgroundColor) {
                        root.styles.backgroundColor = COLORS.TRANSPARENT;
                    }
                    return renderer.render(root);
                })];`;

const FONT_METRICS = '_this.fontMetrics = new FontMetrics(document);';
const FONT_METRICS_HOOKED = '_this.fontMetrics = new FontMetrics(__pinmarkFontDocument() || document);';

const EXPORT_DEFAULT = 'export default html2canvas;';

/** parseTree/parseNodeTree of html2canvas 1.4.1, the same walk with a pause before each element. */
const SLICED_PARSER = `
var __pinmarkHooks = {};
function __pinmarkPause() { return __pinmarkHooks.pause ? __pinmarkHooks.pause() : undefined; }
function __pinmarkFontDocument() { return __pinmarkHooks.fontDocument ? __pinmarkHooks.fontDocument() : null; }
export function __pinmarkSetHooks(hooks) { __pinmarkHooks = hooks || {}; }
async function __pinmarkParseTree(context, element) {
    var container = createContainer(context, element);
    container.flags |= 4 /* CREATES_REAL_STACKING_CONTEXT */;
    await __pinmarkParseNodeTree(context, element, container, container);
    return container;
}
async function __pinmarkParseNodeTree(context, node, parent, root) {
    for (var childNode = node.firstChild, nextNode = void 0; childNode; childNode = nextNode) {
        nextNode = childNode.nextSibling;
        if (isTextNode(childNode) && childNode.data.trim().length > 0) {
            parent.textNodes.push(new TextContainer(context, childNode, parent.styles));
        }
        else if (isElementNode(childNode)) {
            var wait = __pinmarkPause();
            if (wait) await wait;
            if (isSlotElement(childNode) && childNode.assignedNodes) {
                for (var assigned of childNode.assignedNodes()) await __pinmarkParseNodeTree(context, assigned, parent, root);
            }
            else {
                var container = createContainer(context, childNode);
                if (container.styles.isVisible()) {
                    if (createsRealStackingContext(childNode, container, root)) {
                        container.flags |= 4 /* CREATES_REAL_STACKING_CONTEXT */;
                    }
                    else if (createsStackingContext(container.styles)) {
                        container.flags |= 2 /* CREATES_STACKING_CONTEXT */;
                    }
                    if (LIST_OWNERS.indexOf(childNode.tagName) !== -1) {
                        container.flags |= 8 /* IS_LIST_OWNER */;
                    }
                    parent.elements.push(container);
                    if (childNode.shadowRoot) {
                        await __pinmarkParseNodeTree(context, childNode.shadowRoot, container, root);
                    }
                    else if (!isTextareaElement(childNode) && !isSVGElement(childNode) && !isSelectElement(childNode)) {
                        await __pinmarkParseNodeTree(context, childNode, container, root);
                    }
                }
            }
        }
    }
}
`;

function replaceOnce(code: string, find: string | RegExp, replacement: string, what: string): string {
  const found = typeof find === 'string' ? code.includes(find) : find.test(code);
  if (!found) throw new Error(`html2canvas-slices: ${what} not found in html2canvas; check the patch against this version`);
  return code.replace(find, () => replacement);
}

/** Applies the rewrite to html2canvas's ES module text (exported for the unit test). */
export function sliceHtml2canvas(code: string): string {
  let out = replaceOnce(code, RENDER_NODE, RENDER_NODE_SLICED, 'CanvasRenderer.renderNode');
  out = replaceOnce(out, PARSE_THEN_RENDER, PARSE_THEN_RENDER_SLICED, 'the parse before rendering');
  out = replaceOnce(out, FONT_METRICS, FONT_METRICS_HOOKED, 'the FontMetrics document');
  return replaceOnce(out, EXPORT_DEFAULT, `${SLICED_PARSER}\n${EXPORT_DEFAULT}`, 'the default export');
}

export function html2canvasSlices(): Plugin {
  return {
    name: 'pinmark:html2canvas-slices',
    enforce: 'pre',
    // Bundlers may pick html2canvas's UMD `main`; the rewrite (and the named export) needs its ES module.
    resolveId(source) {
      if (source !== 'html2canvas') return null;
      const require = createRequire(import.meta.url);
      return join(dirname(require.resolve('html2canvas/package.json')), 'dist', 'html2canvas.esm.js');
    },
    transform(code, id) {
      if (!MODULE.test(id.split('?')[0]!)) return null;
      return { code: sliceHtml2canvas(code), map: null };
    },
  };
}
