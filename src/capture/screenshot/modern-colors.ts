/**
 * html2canvas 1.4.1 understands only rgb()/hsl() colours and throws on oklch(), oklab(), lab(), lch(),
 * color() and color-mix() ("Attempting to parse an unsupported color function"), which Tailwind v4
 * and modern design systems use everywhere. Before html2canvas parses the clone, the values it reads
 * are rewritten inline to rgb()/rgba(). The conversion is done by the browser itself — paint the colour
 * into a 1×1 canvas and read the pixel back — so gamut mapping and alpha match what Chromium renders,
 * without shipping colour-space maths to every reviewer.
 */

/** Every colour-bearing property html2canvas parses (see CSSParsedDeclaration in its dist). */
export const COLOR_PROPERTIES = [
  'color',
  'background-color',
  'background-image',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
  'box-shadow',
  'text-shadow',
  'text-decoration-color',
  '-webkit-text-stroke-color',
  'list-style-image',
] as const;

// `(?<![\w-])` keeps "lab(" inside "oklab(" and "color(" inside "-webkit-…color(" from matching twice.
const MODERN_FUNCTION = /(?<![\w-])(?:color-mix|oklch|oklab|lch|lab|color)\(/i;
// Quoted strings and url(…) are skipped so an image URL that happens to contain "color(" survives.
const SCAN = /["']|url\(|(?<![\w-])(?:color-mix|oklch|oklab|lch|lab|color)\(/gi;
// A gradient's colour interpolation ("in oklab", "in hsl longer hue") is unknown to html2canvas,
// which would read "in" as a colour stop; the browser default (oklab) is dropped by Chromium anyway.
const GRADIENT_HEAD = /((?:repeating-)?(?:linear|radial|conic)-gradient\()([^,()]*)(,\s*)/gi;
const INTERPOLATION = /\bin\s+[a-z0-9-]+(?:\s+(?:shorter|longer|increasing|decreasing)\s+hue)?/gi;
const HAS_INTERPOLATION = /gradient\([^,()]*\bin\s/i;

export type ColorConverter = (colorFunction: string, currentColor: string) => string;

export function needsRewrite(value: string): boolean {
  return MODERN_FUNCTION.test(value) || HAS_INTERPOLATION.test(value);
}

/** Rewrites every modern colour function in a computed value (colours, gradients, shadows). */
export function rewriteValue(value: string, convert: ColorConverter, currentColor: string): string {
  let out = '';
  let from = 0;
  SCAN.lastIndex = 0;
  for (let match = SCAN.exec(value); match; match = SCAN.exec(value)) {
    const token = match[0];
    const start = match.index;
    let end: number;
    if (token === '"' || token === "'") {
      end = value.indexOf(token, start + 1);
      end = end < 0 ? value.length : end + 1;
      out += value.slice(from, end);
    } else if (token.toLowerCase() === 'url(') {
      end = closingParen(value, start + token.length - 1) + 1;
      out += value.slice(from, end);
    } else {
      end = closingParen(value, start + token.length - 1) + 1;
      out += value.slice(from, start) + convert(value.slice(start, end), currentColor);
    }
    from = end;
    SCAN.lastIndex = end;
  }
  out += value.slice(from);
  return HAS_INTERPOLATION.test(out) ? stripInterpolation(out) : out;
}

function stripInterpolation(value: string): string {
  return value.replace(GRADIENT_HEAD, (whole, fn: string, first: string, comma: string) => {
    if (!/\bin\s/i.test(first)) return whole;
    const rest = first.replace(INTERPOLATION, '').trim();
    return rest ? `${fn}${rest}${comma}` : fn;
  });
}

/** Index of the parenthesis closing the one at `open` (or the end of the string). */
function closingParen(value: string, open: number): number {
  let depth = 0;
  for (let i = open; i < value.length; i++) {
    const ch = value[i];
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return value.length - 1;
}

/**
 * A converter backed by a 1×1 canvas, caching each distinct colour string. An unparsable colour
 * comes out transparent rather than throwing: a missing tint is better than no screenshot.
 */
export function createColorConverter(doc: Document): ColorConverter {
  const cache = new Map<string, string>();
  let ctx: CanvasRenderingContext2D | null | undefined;
  return (colorFunction, currentColor) => {
    // currentcolor survives in computed color-mix() values; a detached canvas would read it as black.
    const color = /currentcolor/i.test(colorFunction) ? colorFunction.replace(/currentcolor/gi, currentColor) : colorFunction;
    const cached = cache.get(color);
    if (cached !== undefined) return cached;
    if (ctx === undefined) {
      const canvas = doc.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      ctx = canvas.getContext('2d', { willReadFrequently: true });
    }
    let rgb = 'rgba(0, 0, 0, 0)';
    if (ctx) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = 'rgba(0, 0, 0, 0)';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
      rgb = a === 255 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${Math.round((a / 255) * 1000) / 1000})`;
    }
    cache.set(color, rgb);
    return rgb;
  };
}

/**
 * The inline `!important` overrides that make one cloned element's colours parsable, or null when it
 * needs none (the common case: one cheap regex test per property).
 */
export function colorOverrides(style: CSSStyleDeclaration, convert: ColorConverter): Array<[string, string]> | null {
  let overrides: Array<[string, string]> | null = null;
  for (const property of COLOR_PROPERTIES) {
    const value = style.getPropertyValue(property);
    if (!value || !needsRewrite(value)) continue;
    const currentColor = property === 'color' ? 'black' : style.getPropertyValue('color');
    // The element's own colour may itself be modern: resolve it first so currentcolor can use it.
    const current = needsRewrite(currentColor) ? rewriteValue(currentColor, convert, 'black') : currentColor;
    (overrides ??= []).push([property, rewriteValue(value, convert, current)]);
  }
  return overrides;
}
