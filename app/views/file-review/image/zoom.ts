/**
 * The image viewer's zoom and pan as arithmetic (no DOM): the layer holding the image and its pins
 * is drawn at `translate(x, y) scale(scale)` from its top-left corner, in stage pixels. Fitting,
 * zooming about a point (the pointer, the pinch's middle, the crosshair), panning, and keeping the
 * image on screen (centred on an axis where it is smaller than the stage) all live here, tested in Node.
 */

export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Room left around a fitted image, in stage px. */
const FIT_PADDING = 12;
/** How far past "fit" one may zoom in. */
export const MAX_ZOOM_OVER_FIT = 16;

export function fitScale(stage: Size, image: Size): number {
  if (!(image.width > 0 && image.height > 0 && stage.width > 0 && stage.height > 0)) return 1;
  const pad = Math.min(FIT_PADDING, stage.width / 8, stage.height / 8);
  return Math.min((stage.width - 2 * pad) / image.width, (stage.height - 2 * pad) / image.height);
}

export function limitsOf(stage: Size, image: Size): { min: number; max: number } {
  const fit = fitScale(stage, image);
  return { min: fit, max: fit * MAX_ZOOM_OVER_FIT };
}

/** Keeps the image on screen: centred on an axis where it is smaller than the stage, else edge to edge at most. */
export function clampView(view: View, stage: Size, image: Size): View {
  const { min, max } = limitsOf(stage, image);
  const scale = Math.min(max, Math.max(min, view.scale));
  const axis = (offset: number, stageSide: number, imageSide: number) => {
    const drawn = imageSide * scale;
    if (drawn <= stageSide) return (stageSide - drawn) / 2;
    return Math.min(0, Math.max(stageSide - drawn, offset));
  };
  return { scale, x: axis(view.x, stage.width, image.width), y: axis(view.y, stage.height, image.height) };
}

export function fitView(stage: Size, image: Size): View {
  return clampView({ scale: fitScale(stage, image), x: 0, y: 0 }, stage, image);
}

/** Zooms by `factor` keeping the stage point (px, py) over the same spot of the image. */
export function zoomAbout(view: View, factor: number, px: number, py: number, stage: Size, image: Size): View {
  const { min, max } = limitsOf(stage, image);
  const scale = Math.min(max, Math.max(min, view.scale * factor));
  const ratio = scale / view.scale;
  return clampView({ scale, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio }, stage, image);
}

export function panBy(view: View, dx: number, dy: number, stage: Size, image: Size): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, stage, image);
}

/** Where a spot (percent of the image) is on the stage. */
export function stagePoint(view: View, image: Size, xPercent: number, yPercent: number): { x: number; y: number } {
  return { x: view.x + (image.width * view.scale * xPercent) / 100, y: view.y + (image.height * view.scale * yPercent) / 100 };
}

/** Pans the least needed so the spot is at least `margin` px inside the stage. */
export function revealSpot(view: View, stage: Size, image: Size, xPercent: number, yPercent: number, margin = 32): View {
  const at = stagePoint(view, image, xPercent, yPercent);
  const shift = (pos: number, side: number) => {
    const room = Math.min(margin, side / 2);
    return pos < room ? room - pos : pos > side - room ? side - room - pos : 0;
  };
  return panBy(view, shift(at.x, stage.width), shift(at.y, stage.height), stage, image);
}

/** The zoom as a percentage of the image's own pixels (`natural`: its original width, else the drawn one). */
export function zoomPercent(view: View, image: Size, naturalWidth: number | null): number {
  const perPixel = naturalWidth && naturalWidth > 0 ? image.width / naturalWidth : 1;
  return Math.round(view.scale * perPixel * 100);
}
