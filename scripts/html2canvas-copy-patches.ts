/**
 * The part of our html2canvas rewrite (scripts/html2canvas-slices.ts) that changes *what* is copied
 * into html2canvas's iframe rather than when: the copy must run none of the page's code and be cheap
 * on heavy pages (issue 14). Each patch calls a hook the capture installs
 * (src/capture/screenshot/slices.ts: `ownClone`, `inert`, `styled`, `offscreen`, `pseudoHideSheet`); without hooks
 * html2canvas copies exactly as upstream does.
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
/** html2canvas's copyCSSStyles for the properties named (those that draw an SVG's content: svg-styles.ts). */
function __pinmarkCopySome(style, target, properties) {
    for (var i = 0; i < properties.length; i++) target.style.setProperty(properties[i], style.getPropertyValue(properties[i]));
}
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
  out = replaceOnce(out, PSEUDO_CONTENT, PSEUDO_CONTENT_HOOKED, 'the pseudo-element copy');
  out = replaceOnce(out, PSEUDO_HIDE_STYLES, PSEUDO_HIDE_STYLES_HOOKED, 'the pseudo-element hiding styles');
  out = replaceOnce(out, STYLE_READ, STYLE_READ_HOOKED, 'the computed style of a copied element');
  out = replaceOnce(out, IFRAME_READY, IFRAME_READY_HOOKED, 'the clone iframe readiness poll');
  return replaceOnce(out, CUSTOM_ELEMENT_STYLES, CUSTOM_ELEMENT_STYLES_HOOKED, 'the custom element style copy');
}
