/**
 * html2canvas 1.4.1 knows linear and radial gradients only and silently drops `conic-gradient()`
 * layers — donut and pie charts, colour wheels, checkerboards come out blank — and, dropping a layer,
 * pairs the remaining layers with the wrong background-size/position entries. In the clone, each
 * conic layer of an element in the viewport is drawn by the browser's own canvas
 * (`createConicGradient`) at its tile size and put back as a `url(data:…)` layer of the same size, which
 * html2canvas draws like any image (positioned, repeated and clipped to rounded corners as CSS says).
 */
import { lengthPercentage, splitTopLevel, turns } from './css-values';
import { needsRewrite, rewriteValue, type ColorConverter } from './modern-colors';

type Rgba = [number, number, number, number];
interface Stop {
  offset: number;
  color: Rgba;
}
interface Conic {
  repeating: boolean;
  from: number;
  at: [string, string];
  stops: Stop[];
}
type ToRgba = (color: string) => Rgba | null;

const CONIC = /^(repeating-)?conic-gradient\((.*)\)$/is;
/** Tiles beyond this many pixels are drawn smaller: html2canvas scales images to their box anyway. */
const MAX_SIDE = 2048;

export function hasConicGradient(style: CSSStyleDeclaration): boolean {
  return style.backgroundImage.includes('conic-gradient(');
}

/**
 * Reads what the element's conic layers need and draws them; returns the write that swaps them in,
 * or null when there is nothing it can draw (the layer is then left to html2canvas, as before).
 */
export function planConicGradients(element: Element, style: CSSStyleDeclaration, convert: ColorConverter): (() => void) | null {
  const html = element as HTMLElement;
  const layers = splitTopLevel(style.backgroundImage, ',');
  const sizes = splitTopLevel(style.backgroundSize, ',');
  const origins = splitTopLevel(style.backgroundOrigin, ',');
  const attachments = splitTopLevel(style.backgroundAttachment, ',');
  const color = style.color;
  let changed = false;
  const nextSizes: string[] = [];
  const nextLayers = layers.map((layer, index) => {
    const size = sizes[index % sizes.length] ?? 'auto';
    nextSizes.push(size);
    // A fixed layer is sized by the viewport, not the element: left to html2canvas.
    const fixed = attachments[index % attachments.length] === 'fixed';
    const conic = CONIC.test(layer) && !fixed ? parseConic(layer, (value) => toRgba(value, convert, color)) : null;
    if (!conic) return needsRewrite(layer) ? rewriteValue(layer, convert, color) : layer;
    const [areaWidth, areaHeight] = positioningArea(html, style, origins[index % origins.length] ?? 'padding-box');
    const [width, height] = tileSize(size, areaWidth, areaHeight);
    if (!(width >= 1 && height >= 1)) return layer;
    const url = drawConic(element.ownerDocument, conic, width, height);
    if (!url) return layer;
    changed = true;
    nextSizes[index] = `${width}px ${height}px`;
    return `url("${url}")`;
  });
  if (!changed) return null;
  return () => {
    html.style.setProperty('background-image', nextLayers.join(', '), 'important');
    html.style.setProperty('background-size', nextSizes.join(', '), 'important');
  };
}

function positioningArea(element: HTMLElement, style: CSSStyleDeclaration, origin: string): [number, number] {
  if (origin === 'border-box') return [element.offsetWidth, element.offsetHeight];
  if (origin === 'content-box') {
    const px = (value: string): number => parseFloat(value) || 0;
    return [
      element.clientWidth - px(style.paddingLeft) - px(style.paddingRight),
      element.clientHeight - px(style.paddingTop) - px(style.paddingBottom),
    ];
  }
  return [element.clientWidth, element.clientHeight];
}

/** A gradient has no intrinsic size: `auto`, `cover` and `contain` all mean the positioning area. */
function tileSize(size: string, areaWidth: number, areaHeight: number): [number, number] {
  const [x = 'auto', y = 'auto'] = splitTopLevel(size, ' ');
  const width = x === 'auto' || x === 'cover' || x === 'contain' ? areaWidth : lengthPercentage(x, areaWidth);
  const height = y === 'auto' || x === 'cover' || x === 'contain' ? areaHeight : lengthPercentage(y, areaHeight);
  return [Math.round(width ?? NaN), Math.round(height ?? NaN)];
}

/**
 * Parses a computed conic gradient; colour hints are dropped. Canvas interpolates in sRGB, CSS in
 * oklab unless every colour is a legacy one (or in the space the gradient names): then each span
 * between stops gets intermediate stops mixed by the browser (`color-mix()` in that space).
 */
export function parseConic(value: string, rgba: ToRgba): Conic | null {
  const match = CONIC.exec(value.trim());
  if (!match) return null;
  const args = splitTopLevel(match[2]!, ',');
  const conic: Conic = { repeating: !!match[1], from: 0, at: ['50%', '50%'], stops: [] };
  let space = '';
  if (/^(?:from|at|in)\s/i.test(args[0] ?? '')) {
    const words = splitTopLevel(args.shift()!, ' ');
    for (let i = 0; i < words.length; i++) {
      if (words[i] === 'from') conic.from = turns(words[++i] ?? '') ?? NaN;
      else if (words[i] === 'at') conic.at = [words[++i] ?? '50%', words[++i] ?? '50%'];
      else if (words[i] === 'in') {
        const method: string[] = [];
        while (i + 1 < words.length && words[i + 1] !== 'from' && words[i + 1] !== 'at') method.push(words[++i]!);
        space = method.join(' ');
      }
    }
    if (!Number.isFinite(conic.from)) return null;
  }
  const raw: RawStop[] = [];
  for (const arg of args) {
    const [color = '', ...positions] = splitTopLevel(arg, ' ');
    if (!positions.length && turns(color) !== null) continue;
    const offsets = positions.map(turns);
    if (offsets.length > 2 || offsets.some((offset) => offset === null)) return null;
    if (!offsets.length) raw.push({ source: color, offset: null });
    for (const offset of offsets) raw.push({ source: color, offset });
  }
  if (raw.length < 2) return null;
  if (!space && raw.some((stop) => !/^rgba?\(/i.test(stop.source))) space = 'oklab';
  const stops = mixed(fixUp(raw), space);
  const colors = stops.map((stop) => rgba(stop.source));
  if (colors.some((color) => !color)) return null;
  conic.stops = stops.map((stop, i) => ({ offset: stop.offset, color: colors[i]! }));
  return conic;
}

interface RawStop {
  source: string;
  offset: number | null;
}
/** Intermediate stops per span when interpolating outside sRGB: enough for a smooth ramp. */
const MIX_STEPS = 8;

function mixed(stops: Array<{ source: string; offset: number }>, space: string): Array<{ source: string; offset: number }> {
  if (!space) return stops;
  const out = [stops[0]!];
  for (let i = 1; i < stops.length; i++) {
    const [a, b] = [stops[i - 1]!, stops[i]!];
    if (b.offset > a.offset && a.source !== b.source) {
      for (let step = 1; step < MIX_STEPS; step++) {
        const t = step / MIX_STEPS;
        const source = `color-mix(in ${space}, ${a.source} ${Math.round((1 - t) * 1000) / 10}%, ${b.source})`;
        out.push({ source, offset: a.offset + (b.offset - a.offset) * t });
      }
    }
    out.push(b);
  }
  return out;
}

/** CSS's colour stop fix-up: ends default to 0 and 1, positions never go back, gaps share evenly. */
function fixUp(raw: RawStop[]): Array<{ source: string; offset: number }> {
  raw[0]!.offset ??= 0;
  raw[raw.length - 1]!.offset ??= 1;
  let max = -Infinity;
  for (const stop of raw) if (stop.offset !== null) stop.offset = max = Math.max(max, stop.offset);
  for (let i = 1; i < raw.length; i++) {
    if (raw[i]!.offset !== null) continue;
    let end = i;
    while (raw[end]!.offset === null) end++;
    const from = raw[i - 1]!.offset!;
    const step = (raw[end]!.offset! - from) / (end - i + 1);
    for (let k = i; k < end; k++) raw[k]!.offset = from + step * (k - i + 1);
  }
  return raw.map(({ source, offset }) => ({ source, offset: offset! }));
}

/** The stops as canvas needs them: within [0, 1], repeated for repeating gradients. */
function canvasStops(conic: Conic): Stop[] {
  let stops = conic.stops;
  const first = stops[0]!.offset;
  const period = stops[stops.length - 1]!.offset - first;
  if (conic.repeating && period > 0) {
    const repeated: Stop[] = [];
    for (let k = Math.floor(-first / period); first + k * period < 1; k++) {
      for (const stop of stops) repeated.push({ color: stop.color, offset: stop.offset + k * period });
    }
    stops = repeated;
  }
  const inside = stops.filter((stop) => stop.offset >= 0 && stop.offset <= 1);
  const at = (offset: number): Stop => ({ offset, color: colorAt(stops, offset) });
  if (stops[0]!.offset < 0) inside.unshift(at(0));
  if (stops[stops.length - 1]!.offset > 1) inside.push(at(1));
  return inside;
}

function colorAt(stops: Stop[], offset: number): Rgba {
  let previous = stops[0]!;
  for (const stop of stops) {
    if (stop.offset >= offset) {
      const span = stop.offset - previous.offset;
      const t = span > 0 ? (offset - previous.offset) / span : 1;
      return previous.color.map((channel, i) => channel + (stop.color[i]! - channel) * t) as Rgba;
    }
    previous = stop;
  }
  return previous.color;
}

function drawConic(doc: Document, conic: Conic, width: number, height: number): string | null {
  const shrink = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = doc.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * shrink));
  canvas.height = Math.max(1, Math.round(height * shrink));
  const ctx = canvas.getContext('2d');
  if (!ctx || typeof ctx.createConicGradient !== 'function') return null;
  ctx.scale(shrink, shrink);
  const x = lengthPercentage(conic.at[0], width) ?? width / 2;
  const y = lengthPercentage(conic.at[1], height) ?? height / 2;
  // CSS measures angles clockwise from 12 o'clock, canvas from 3 o'clock.
  const gradient = ctx.createConicGradient(conic.from * 2 * Math.PI - Math.PI / 2, x, y);
  for (const { offset, color } of canvasStops(conic)) gradient.addColorStop(offset, `rgba(${color.join(', ')})`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  return canvas.toDataURL('image/png');
}

const RGB = /^rgba?\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\s*\)$/i;

/** Any CSS colour as numbers, through the browser's own parser (modern-colors.ts) when not rgb(). */
function toRgba(value: string, convert: ColorConverter, currentColor: string): Rgba | null {
  const rgb = RGB.exec(value) ?? RGB.exec(convert(value, currentColor));
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])] : null;
}
