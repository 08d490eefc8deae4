/**
 * The part of our html2canvas rewrite (scripts/html2canvas-slices.ts) that changes *what* is copied
 * into html2canvas's iframe rather than when: the copy must run none of the page's code and be cheap
 * on heavy pages (issue 14); and what makes its parse of the copy cheaper (CSS values, text). Each
 * patch calls a hook the capture installs (src/capture/screenshot/slices.ts: `ownClone`, `inert`,
 * `styled`, `offscreen`, `pseudoHideSheet`) or is active only while hooks are installed; without
 * hooks html2canvas copies and parses exactly as upstream does.
 */

type ReplaceOnce = (code: string, find: string | RegExp, replacement: string, what: string) => string;

const ELEMENT_CLONE = 'DocumentCloner.prototype.createElementClone = function (node) {';
const ELEMENT_CLONE_INERT = `DocumentCloner.prototype.createElementClone = function (node) {
        var inert = __pinmarkHooks.inert;
        if (!inert) return __pinmarkElementClone.call(this, node);
        if (isCustomElement(node) && __pinmarkCopiesStyles(node)) return this.createCustomElementClone(node);
        var own = __pinmarkHooks.ownClone ? __pinmarkHooks.ownClone(node) : null;
        if (own) return own;
        var clone = isCustomElement(node) ? node.cloneNode(false) : __pinmarkElementClone.call(this, node);
        if (clone !== node && isElementNode(clone)) inert(node, clone);
        return clone;
    };
    var __pinmarkElementClone = function (node) {`;
/** Each copied element with its computed style, in both copies (html2canvas's own and the sliced one). */
const STYLE_READ = /var style = window\.getComputedStyle\(node\);/;
const STYLE_READ_HOOKED =
  'var style = window.getComputedStyle(node); if (__pinmarkHooks.styled) __pinmarkHooks.styled(node, clone, style);';
/** Both copies (html2canvas's own, and the sliced one) decide the same way. */
const CUSTOM_ELEMENT_STYLES = /if \(isCustomElement\(node\)\) \{\s*copyStyles = true;\s*\}/;
const CUSTOM_ELEMENT_STYLES_HOOKED = 'if (isCustomElement(node) && __pinmarkCopiesStyles(node)) { copyStyles = true; }';

/**
 * A ::before/::after html2canvas would turn into a real element (copying its few hundred computed
 * properties, most of a capture on a page of bullets and separators) is left as the page's own pseudo
 * element when `offscreen(original)` says its element is far from the viewport: the copy's layout is
 * the page's either way, and nothing off-screen is drawn. Its counters still count.
 */
const PSEUDO_CONTENT =
  /this\.counters\.parse\(new CSSParsedCounterDeclaration\(this\.context, style\)\);\s*var declaration = new CSSParsedPseudoDeclaration\(this\.context, style\);/;
const PSEUDO_CONTENT_HOOKED = `this.counters.parse(new CSSParsedCounterDeclaration(this.context, style));
        if (__pinmarkOffscreen(node)) return;
        var declaration = new CSSParsedPseudoDeclaration(this.context, style);`;

/**
 * Every copied element's counter-increment and counter-reset are tokenised and parsed, although
 * nearly all are "none": parsed once per distinct pair instead (CounterState only reads the result).
 */
const COUNTER_DECLARATION = `function CSSParsedCounterDeclaration(context, declaration) {
        this.counterIncrement = parse(context, counterIncrement, declaration.counterIncrement);
        this.counterReset = parse(context, counterReset, declaration.counterReset);
    }`;
const COUNTER_DECLARATION_CACHED = `function CSSParsedCounterDeclaration(context, declaration) {
        var increment = declaration.counterIncrement, reset = declaration.counterReset, key = increment + '|' + reset;
        var known = __pinmarkCounterDeclarations.get(key);
        if (!known) {
            known = { increment: parse(context, counterIncrement, increment), reset: parse(context, counterReset, reset) };
            if (__pinmarkCounterDeclarations.size > 500) __pinmarkCounterDeclarations.clear();
            __pinmarkCounterDeclarations.set(key, known);
        }
        this.counterIncrement = known.increment;
        this.counterReset = known.reset;
    }`;

/**
 * html2canvas parses some seventy computed properties of every element it draws with its own CSS
 * tokenizer and parser, although nearly all elements share their values ("0px", "none", the same
 * colours): with hooks installed, each descriptor's value is parsed once per capture (the results are
 * only read, never changed; a value with a url() is parsed each time, since parsing it starts the
 * image's download into the capture's own cache).
 */
const VALUE_PARSE = 'var parse = function (context, descriptor, style) {';
const VALUE_PARSE_CACHED = `var parse = function (context, descriptor, style) {
        if (!__pinmarkHooks.pause) return __pinmarkParseValue(context, descriptor, style);
        var value = style !== null && typeof style !== 'undefined' ? style.toString() : descriptor.initialValue;
        if (value.indexOf('url(') !== -1) return __pinmarkParseValue(context, descriptor, style);
        var known = __pinmarkParsedValues.get(descriptor);
        if (!known) __pinmarkParsedValues.set(descriptor, (known = new Map()));
        if (known.has(value)) return known.get(value);
        var parsed = __pinmarkParseValue(context, descriptor, style);
        known.set(value, parsed);
        return parsed;
    };
    var __pinmarkParseValue = function (context, descriptor, style) {`;

/**
 * html2canvas copies computed styles (every property of a pseudo-element made a real element, of
 * custom elements, and of SVG nodes: svg-styles.ts) with one setProperty per property, each a call
 * into the browser that parses its value; with hooks installed the declarations are written at once,
 * as one cssText (the same declarations, parsed in one go). Every computed style lists the same
 * ~480 longhands in the same order, so the names are read once (`item(i)` per property per element
 * was a fifth of a MathJax page's capture), and those that cannot change a still picture of the
 * copy are left out: animations and transitions, scrolling, interaction, the logical twins of the
 * physical properties (the computed physical ones are copied), and SVG-only ones on HTML elements.
 */
const COPY_STYLES = 'var copyCSSStyles = function (style, target) {';
const COPY_STYLES_BATCHED = `var copyCSSStyles = function (style, target) {
    if (__pinmarkHooks.pause) {
        __pinmarkCopySome(style, target, __pinmarkCopiedNames(style, target.namespaceURI === 'http://www.w3.org/2000/svg'));
        return target;
    }`;

/**
 * Every text node html2canvas draws is split into words by a new Intl.Segmenter and every word
 * measured with a new Range: with hooks installed, the segmenters are made once, and one Range per
 * document is moved from word to word (each Range a document keeps alive is updated on every change
 * to it, and collected only later).
 */
const WORD_SEGMENTER = `var segmenter = new Intl.Segmenter(void 0, {
            granularity: 'word'
        });`;
const WORD_SEGMENTER_CACHED = `var segmenter = __pinmarkHooks.pause
            ? (__pinmarkSegmenters.word || (__pinmarkSegmenters.word = new Intl.Segmenter(void 0, { granularity: 'word' })))
            : new Intl.Segmenter(void 0, {
            granularity: 'word'
        });`;
const GRAPHEME_SEGMENTER = `var segmenter = new Intl.Segmenter(void 0, { granularity: 'grapheme' });`;
const GRAPHEME_SEGMENTER_CACHED = `var segmenter = __pinmarkHooks.pause
            ? (__pinmarkSegmenters.grapheme || (__pinmarkSegmenters.grapheme = new Intl.Segmenter(void 0, { granularity: 'grapheme' })))
            : new Intl.Segmenter(void 0, { granularity: 'grapheme' });`;
const TEXT_RANGE = `    var range = ownerDocument.createRange();
    range.setStart(node, offset);`;
const TEXT_RANGE_REUSED = `    var range = __pinmarkHooks.pause && __pinmarkRange && __pinmarkRange.ownerDocument === ownerDocument ? __pinmarkRange.range : ownerDocument.createRange();
    if (__pinmarkHooks.pause) __pinmarkRange = { ownerDocument: ownerDocument, range: range };
    range.setStart(node, offset);`;

/**
 * html2canvas hides the page's own ::before/::after in the copy with a <style> element, which a page
 * whose CSP has no 'unsafe-inline' for styles refuses (a console error per capture, and the copy laid
 * out with every pseudo-element twice). With `pseudoHideSheet` the capture adopts the same rules as a
 * constructed stylesheet (CSSOM, which CSP does not govern) instead (src/capture/screenshot/pseudo-hide.ts).
 */
const PSEUDO_HIDE_STYLES = 'var createPseudoHideStyles = function (body) {';
const PSEUDO_HIDE_STYLES_HOOKED = `var createPseudoHideStyles = function (body) {
    if (__pinmarkHooks.pseudoHideSheet) return;`;

/**
 * html2canvas polls the copy's readiness every 50 ms after its iframe's load event, so every capture
 * waited at least 50 ms for nothing: with hooks installed, a copy that is ready at load goes on at once.
 */
const IFRAME_READY =
  /var interval = setInterval\(function \(\) \{\s*if \(documentClone\.body\.childNodes\.length > 0 && documentClone\.readyState === 'complete'\) \{/;
const IFRAME_READY_HOOKED = `if (__pinmarkHooks.pause && documentClone.body.childNodes.length > 0 && documentClone.readyState === 'complete') {
                resolve(iframe);
                return;
            }
            var interval = setInterval(function () {
                if (documentClone.body.childNodes.length > 0 && documentClone.readyState === 'complete') {`;

/** Runtime helpers the patches call, appended to html2canvas with the sliced walks (which use them too). */
export const COPY_HELPERS = `
/** Without the inert hook, html2canvas's own rule: every custom element is replaced and styled inline. */
function __pinmarkCopiesStyles(node) {
    if (!__pinmarkHooks.inert || node.shadowRoot) return true;
    var win = node.ownerDocument && node.ownerDocument.defaultView;
    return !!(win && win.customElements && win.customElements.get(node.localName));
}
/** Whether an element's computed style need not be copied inline (an <svg> whose content is left out). */
function __pinmarkPlainSvg(node) {
    return !!(__pinmarkHooks.plainSvg && __pinmarkHooks.plainSvg(node));
}
/**
 * html2canvas's copyCSSStyles for the properties named, in one write: what setProperty per property
 * does (a value that is empty removes nothing from a fresh copy, so it is left out).
 */
function __pinmarkCopySome(style, target, properties) {
    if (properties.length === 0) return;
    var text = '';
    for (var i = 0; i < properties.length; i++) {
        var value = style.getPropertyValue(properties[i]);
        if (value !== '') text += properties[i] + ':' + value + ';';
    }
    target.style.cssText = target.style.cssText + text;
}
/** Longhands that change nothing in a still picture of the copy (see COPY_STYLES_BATCHED). */
var __pinmarkStillIrrelevant = /^(?:animation|transition|scroll-|overscroll-|view-t|timeline-|anchor-|position-try|position-anchor$|position-visibility$|app-region$|caret-|cursor$|pointer-events$|touch-action$|user-select$|will-change$|speak$|interactivity$|interpolate-size$|field-sizing$|container|contain-intrinsic-|page$|orphans$|widows$|break-|print-color-adjust$|hyphenate-|input-security$|overlay$|reading-|scrollbar-|trigger-scope$|interest-delay-|window-drag$|frame-sizing$|resize$|overflow-anchor$|text-size-adjust$|border-(?:block|inline|start-|end-)|margin-(?:block|inline)|padding-(?:block|inline)|inset-|(?:min-|max-)?(?:block|inline)-size$|overflow-(?:block|inline)$|corner-(?:start|end)-|-webkit-(?!box-|font-smoothing|line-clamp|text-fill-color|text-stroke))/;
var __pinmarkSvgOnly = /^(?:cx|cy|r|rx|ry|x|y|d|fill|fill-opacity|fill-rule|stroke|stroke-.*|marker-.*|stop-.*|flood-.*|lighting-color|color-interpolation.*|color-rendering|shape-rendering|vector-effect|clip-rule|mask-type|alignment-baseline|baseline-shift|dominant-baseline|text-anchor|buffered-rendering)$/;
/** The names copied, per kind of target, read once from the first style of that length. */
var __pinmarkNames = { html: null, svg: null };
function __pinmarkCopiedNames(style, svg) {
    var known = svg ? __pinmarkNames.svg : __pinmarkNames.html;
    if (known && known.length === style.length) return known.names;
    var names = [];
    for (var i = style.length - 1; i >= 0; i--) {
        var property = style.item(i);
        if (ignoredStyleProperties.indexOf(property) !== -1 || __pinmarkStillIrrelevant.test(property)) continue;
        if (!svg && __pinmarkSvgOnly.test(property)) continue;
        names.push(property);
    }
    if (svg) __pinmarkNames.svg = { length: style.length, names: names };
    else __pinmarkNames.html = { length: style.length, names: names };
    return names;
}
/** Parsed CSS values by descriptor and text, for one capture (emptied when hooks are set). */
var __pinmarkParsedValues = new Map();
/** Intl.Segmenters by granularity, and the Range text is measured with (with its document). */
var __pinmarkSegmenters = {};
var __pinmarkRange = null;
var __pinmarkLastNode = null, __pinmarkLastOffscreen = false;
function __pinmarkOffscreen(node) {
    if (!__pinmarkHooks.offscreen) return false;
    // Asked for ::before and then ::after of the same element.
    if (node !== __pinmarkLastNode) {
        __pinmarkLastNode = node;
        __pinmarkLastOffscreen = __pinmarkHooks.offscreen(node);
    }
    return __pinmarkLastOffscreen;
}
`;

export function patchCopy(code: string, replaceOnce: ReplaceOnce): string {
  let out = replaceOnce(code, ELEMENT_CLONE, ELEMENT_CLONE_INERT, 'DocumentCloner.createElementClone');
  out = replaceOnce(
    out,
    COUNTER_DECLARATION,
    `var __pinmarkCounterDeclarations = new Map();\n    ${COUNTER_DECLARATION_CACHED}`,
    'the counter declaration',
  );
  out = replaceOnce(out, VALUE_PARSE, VALUE_PARSE_CACHED, 'the CSS value parse');
  out = replaceOnce(out, COPY_STYLES, COPY_STYLES_BATCHED, 'the computed style copy');
  out = replaceOnce(out, WORD_SEGMENTER, WORD_SEGMENTER_CACHED, 'the word segmenter');
  out = replaceOnce(out, GRAPHEME_SEGMENTER, GRAPHEME_SEGMENTER_CACHED, 'the grapheme segmenter');
  out = replaceOnce(out, TEXT_RANGE, TEXT_RANGE_REUSED, 'the text range');
  out = replaceOnce(out, PSEUDO_CONTENT, PSEUDO_CONTENT_HOOKED, 'the pseudo-element copy');
  out = replaceOnce(out, PSEUDO_HIDE_STYLES, PSEUDO_HIDE_STYLES_HOOKED, 'the pseudo-element hiding styles');
  out = replaceOnce(out, STYLE_READ, STYLE_READ_HOOKED, 'the computed style of a copied element');
  out = replaceOnce(out, IFRAME_READY, IFRAME_READY_HOOKED, 'the clone iframe readiness poll');
  return replaceOnce(out, CUSTOM_ELEMENT_STYLES, CUSTOM_ELEMENT_STYLES_HOOKED, 'the custom element style copy');
}
