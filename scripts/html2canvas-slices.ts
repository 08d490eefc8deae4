/**
 * A build step (Vite/Rolldown transform) that lets html2canvas give the host page its main thread
 * back while it works. html2canvas parses the cloned page and paints it in one uninterrupted task:
 * 100–300 ms on an ordinary page, during which the host cannot scroll, type or animate — and our
 * rule is never more than 50 ms. Its parse is a plain recursion and its painter an async chain that
 * only ever awaits already-settled promises, so nothing in it reaches the event loop.
 *
 * The transform rewrites these places; the capture code installs the hooks with `__pinmarkSetHooks`:
 *  - the copy of the host page becomes an async walk that may `pause()` before each element. The host
 *    may change its DOM between slices, so a MutationObserver watches the copy; if anything changed,
 *    the copy is thrown away and made again in one piece, as html2canvas does by itself;
 *  - the element parse becomes an async walk that may `pause()` before each element (same order, same
 *    containers — a browser test compares the pixels of a sliced and an unsliced capture);
 *  - `renderNode`, which paints one element, may `pause()` before it starts
 *    (src/capture/screenshot/slices.ts decides when a slice is used up);
 *  - every copied element is handed to `inert(original, copy)` right after `cloneNode`, before it
 *    reaches a document (src/capture/screenshot/inert-clone.ts strips inline handlers and what would
 *    be fetched again; `ownClone` copies what html2canvas's own steps would fetch, such as an image
 *    switched from lazy to eager), and defined custom elements are not cloned at all (cloning one runs the
 *    page's constructor): html2canvas's neutral stand-in is made directly. Custom elements the page
 *    never defined (MathJax's mjx-*) keep their name, so the page's CSS styles the copy as it does
 *    the original, instead of hundreds of computed properties copied onto each; `styled(original,
 *    copy, style)` then sees each copy with the original's computed style (content-visibility);
 *  - counter declarations are parsed once per distinct value (COUNTER_DECLARATION);
 *  - pseudo-elements of elements far off-screen (`offscreen(original)`) are not turned into real
 *    elements (see PSEUDO_CONTENT);
 *  - font baselines are measured in the document `fontDocument()` names (the clone) instead of the
 *    host's: html2canvas appends a probe to the host's <body> and reads offsetTop once per font,
 *    forcing the host page to lay itself out again each time, tens of milliseconds on a big page;
 *  - `stub(original)` may have an off-screen subtree copied as one empty box of its size
 *    (src/capture/screenshot/stubs.ts), and the parse skips what `skipParse` names (hidden by prune.ts);
 *  - a cross-origin image is loaded from the URL `imageSource(url)` answers, or left out
 *    (scripts/html2canvas-image-patch.ts);
 *  - nodes inside an <svg> get only the properties `svgProperties` lists, and off-screen <svg>s
 *    (`plainSvg`) none; a clone iframe ready at its load event is not polled for 50 ms more.
 * Without hooks installed (the default) html2canvas behaves exactly as before.
 *
 * html2canvas 1.4.1 has not changed since 2022, so the text matched here is stable. If it is not
 * found the build fails: a new html2canvas must be looked at, not silently lose the slicing.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { COPY_HELPERS, patchCopy } from './html2canvas-copy-patches.ts';
import { patchImageLoading } from './html2canvas-image-patch.ts';

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

/** DocumentCloner copies the page in its constructor; with a pause installed, the sliced copy does. */
const CLONE_IN_CONSTRUCTOR = 'this.documentElement = this.cloneNode(element.ownerDocument.documentElement, false);';
const CLONE_IN_CONSTRUCTOR_HOOKED =
  'if (!__pinmarkHooks.pause) this.documentElement = this.cloneNode(element.ownerDocument.documentElement, false);';
const CLONE_THEN_IFRAME =
  /clonedElement = documentCloner\.clonedReferenceElement;\s*if \(!clonedElement\) \{\s*return \[2 \/\*return\*\/, Promise\.reject\("Unable to find element in cloned iframe"\)\];\s*\}\s*return \[4 \/\*yield\*\/, documentCloner\.toIFrame\(ownerDocument, windowBounds\)\];/;
const CLONE_THEN_IFRAME_SLICED = `return [4 /*yield*/, __pinmarkCloneDocument(documentCloner, element).then(function () {
                    clonedElement = documentCloner.clonedReferenceElement;
                    if (!clonedElement) {
                        return Promise.reject("Unable to find element in cloned iframe");
                    }
                    return documentCloner.toIFrame(ownerDocument, windowBounds);
                })];`;

const EXPORT_DEFAULT = 'export default html2canvas;';

/**
 * DocumentCloner's cloneNode/cloneChildNodes/appendChildNode and parseTree/parseNodeTree of
 * html2canvas 1.4.1: the same walks, with a pause before each element.
 */
const SLICED_WALKS = `
var __pinmarkHooks = {};
function __pinmarkPause() { return __pinmarkHooks.pause ? __pinmarkHooks.pause() : undefined; }
${COPY_HELPERS}
function __pinmarkFontDocument() { return __pinmarkHooks.fontDocument ? __pinmarkHooks.fontDocument() : null; }
export function __pinmarkSetHooks(hooks) { __pinmarkHooks = hooks || {}; __pinmarkLastNode = null; __pinmarkParsedValues = new Map(); __pinmarkRange = null; }
async function __pinmarkCloneDocument(cloner, element) {
    if (!__pinmarkHooks.pause) return;
    var doc = element.ownerDocument;
    var changed = false;
    var Observer = doc.defaultView && doc.defaultView.MutationObserver;
    var observer = Observer ? new Observer(function () { changed = true; }) : null;
    if (observer) observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
    try {
        var copy = await __pinmarkCloneNode(cloner, doc.documentElement, false);
        if (observer && observer.takeRecords().length) changed = true;
        if (observer && !changed) {
            cloner.documentElement = copy;
            return;
        }
    } finally {
        if (observer) observer.disconnect();
    }
    // The page changed while it was being copied (or cannot be watched): copy it in one piece.
    if (__pinmarkHooks.onCloneRetry) __pinmarkHooks.onCloneRetry();
    cloner.scrolledElements = [];
    cloner.counters = new CounterState();
    cloner.quoteDepth = 0;
    cloner.clonedReferenceElement = undefined;
    cloner.documentElement = cloner.cloneNode(doc.documentElement, false);
}
async function __pinmarkAppendChildNode(cloner, clone, child, copyStyles) {
    if (!isElementNode(child) ||
        (!isScriptElement(child) &&
            !child.hasAttribute(IGNORE_ATTRIBUTE) &&
            (typeof cloner.options.ignoreElements !== 'function' || !cloner.options.ignoreElements(child)))) {
        if (!cloner.options.copyStyles || !isElementNode(child) || !isStyleElement(child)) {
            // An off-screen subtree becomes an empty box of its size (src/capture/screenshot/stubs.ts).
            // Deciding runs over thousands of table rows without copying any: it pauses too.
            if (__pinmarkHooks.stub && isElementNode(child)) {
                var wait = __pinmarkPause();
                if (wait) await wait;
            }
            var stub = !copyStyles && isElementNode(child) && __pinmarkHooks.stub ? __pinmarkHooks.stub(child) : null;
            if (stub === 'merged') return;
            if (stub === 'stub') {
                var box = cloner.createElementClone(child);
                box.style.transitionProperty = 'none';
                __pinmarkHooks.stubbed(child, box);
                clone.appendChild(box);
                return;
            }
            clone.appendChild(await __pinmarkCloneNode(cloner, child, copyStyles));
        }
    }
}
async function __pinmarkCloneChildNodes(cloner, node, clone, copyStyles) {
    for (var child = node.shadowRoot ? node.shadowRoot.firstChild : node.firstChild; child; child = child.nextSibling) {
        if (isElementNode(child) && isSlotElement(child) && typeof child.assignedNodes === 'function') {
            for (var assigned of child.assignedNodes()) await __pinmarkAppendChildNode(cloner, clone, assigned, copyStyles);
        }
        else {
            await __pinmarkAppendChildNode(cloner, clone, child, copyStyles);
        }
    }
}
async function __pinmarkCloneNode(cloner, node, copyStyles) {
    if (isTextNode(node)) {
        return document.createTextNode(node.data);
    }
    if (!node.ownerDocument) {
        return node.cloneNode(false);
    }
    var window = node.ownerDocument.defaultView;
    if (window && isElementNode(node) && (isHTMLElementNode(node) || isSVGElementNode(node))) {
        var wait = __pinmarkPause();
        if (wait) await wait;
        var clone = cloner.createElementClone(node);
        clone.style.transitionProperty = 'none';
        var style = window.getComputedStyle(node);
        if (__pinmarkHooks.styled) __pinmarkHooks.styled(node, clone, style);
        var styleBefore = window.getComputedStyle(node, ':before');
        var styleAfter = window.getComputedStyle(node, ':after');
        if (cloner.referenceElement === node && isHTMLElementNode(clone)) {
            cloner.clonedReferenceElement = clone;
        }
        if (isBodyElement(clone)) {
            createPseudoHideStyles(clone);
        }
        var counters = cloner.counters.parse(new CSSParsedCounterDeclaration(cloner.context, style));
        var before = cloner.resolvePseudoContent(node, clone, styleBefore, PseudoElementType.BEFORE);
        if (isCustomElement(node) && __pinmarkCopiesStyles(node)) {
            copyStyles = true;
        }
        if (!isVideoElement(node)) {
            await __pinmarkCloneChildNodes(cloner, node, clone, copyStyles);
        }
        if (before) {
            clone.insertBefore(before, clone.firstChild);
        }
        var after = cloner.resolvePseudoContent(node, clone, styleAfter, PseudoElementType.AFTER);
        if (after) {
            clone.appendChild(after);
        }
        cloner.counters.pop(counters);
        if ((style && (cloner.options.copyStyles || (isSVGElementNode(node) && !__pinmarkPlainSvg(node))) && !isIFrameElement(node)) ||
            copyStyles) {
            if (!copyStyles && !cloner.options.copyStyles && isSVGElementNode(node) && __pinmarkHooks.svgProperties) __pinmarkCopySome(style, clone, __pinmarkHooks.svgProperties(style, node));
            else copyCSSStyles(style, clone);
        }
        if (node.scrollTop !== 0 || node.scrollLeft !== 0) {
            cloner.scrolledElements.push([clone, node.scrollLeft, node.scrollTop]);
        }
        if ((isTextareaElement(node) || isSelectElement(node)) &&
            (isTextareaElement(clone) || isSelectElement(clone))) {
            clone.value = node.value;
        }
        return clone;
    }
    return node.cloneNode(false);
}
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
            // Hidden in the clone because nothing of it is on screen (src/capture/screenshot/prune.ts).
            if (__pinmarkHooks.skipParse && __pinmarkHooks.skipParse(childNode)) continue;
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
  out = replaceOnce(out, CLONE_IN_CONSTRUCTOR, CLONE_IN_CONSTRUCTOR_HOOKED, 'the copy in DocumentCloner');
  out = replaceOnce(out, CLONE_THEN_IFRAME, CLONE_THEN_IFRAME_SLICED, 'the copy before the clone iframe');
  out = patchCopy(out, replaceOnce);
  out = patchImageLoading(out, replaceOnce);
  return replaceOnce(out, EXPORT_DEFAULT, `${SLICED_WALKS}\n${EXPORT_DEFAULT}`, 'the default export');
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
