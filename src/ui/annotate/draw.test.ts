import { describe, expect, it } from 'vitest';
import type { AnnotationShape, CanvasAnnotations } from '../../api/wire';
import { drawShapes, flattenAnnotations, HIDE_COLOR } from './draw';
import { hitTest, resizeBy, shapeBounds } from './model';
import { makeScreenshot, pixel, hex, regionHas, regionIs } from './testing';

const RED = '#ef4444';
const BLUE = '#2563eb';

function described(shapes: AnnotationShape[], scale: number, width = 400, height = 300): CanvasAnnotations {
  return { version: '1', scale, originalWidth: width * scale, originalHeight: height * scale, shapes };
}

const box: AnnotationShape = { type: 'box', x: 40, y: 30, width: 100, height: 60, color: RED };
const hide: AnnotationShape = { type: 'hide', x: 200, y: 150, width: 80, height: 40 };

describe('flattenAnnotations', () => {
  it('burns a box outline and an opaque hide block into a copy of the image, leaving the image alone', () => {
    const image = makeScreenshot(400, 300);
    const flat = flattenAnnotations(image, described([box, hide], 1));

    expect(flat).not.toBe(image);
    expect([flat.width, flat.height]).toEqual([400, 300]);
    expect(regionIs(flat, { x: 200, y: 150, width: 80, height: 40 }, HIDE_COLOR)).toBe(true);
    // The stroke is centred on the edge: the edge column itself is fully covered.
    expect(pixel(flat, 40, 60)).toEqual(hex(RED));
    expect(pixel(flat, 139, 60)).toEqual(hex(RED));
    // Inside: a light tint of the colour, not the colour itself; outside: the screenshot.
    const inside = pixel(flat, 90, 60);
    expect(inside[0]).toBeGreaterThan(240);
    expect(inside[1]).toBeLessThan(245);
    expect(pixel(flat, 20, 20)).toEqual([255, 255, 255, 255]);
    expect(pixel(flat, 199, 170)).toEqual([255, 255, 255, 255]);
    // The source is untouched.
    expect(pixel(image, 210, 160)).toEqual([255, 255, 255, 255]);
    expect(pixel(image, 40, 60)).toEqual([255, 255, 255, 255]);
  });

  it('at scale 2 puts every shape at twice its CSS position and size', () => {
    const image = makeScreenshot(400, 300, 2);
    const flat = flattenAnnotations(image, described([box, hide], 2));

    expect([flat.width, flat.height]).toEqual([800, 600]);
    expect(regionIs(flat, { x: 400, y: 300, width: 160, height: 80 }, HIDE_COLOR)).toBe(true);
    expect(pixel(flat, 399, 320)).toEqual([255, 255, 255, 255]);
    expect(pixel(flat, 560, 320)).toEqual([255, 255, 255, 255]);
    // Box edge at x = 40 CSS px → 80 image px, stroke 3 CSS px → 6 image px wide.
    expect(pixel(flat, 80, 120)).toEqual(hex(RED));
    expect(pixel(flat, 82, 120)).toEqual(hex(RED));
    expect(pixel(flat, 278, 120)).toEqual(hex(RED));
    // Where the hide block would be at scale 1 is plain screenshot.
    expect(pixel(flat, 210, 188)).toEqual([255, 255, 255, 255]);
  });

  it('rounds hide blocks outwards to whole pixels, so nothing hidden blends through', () => {
    const image = makeScreenshot(100, 100, 1.5);
    const flat = flattenAnnotations(image, described([{ type: 'hide', x: 10.3, y: 10.3, width: 20.2, height: 20.2 }], 1.5, 100, 100));
    // 10.3 × 1.5 = 15.45 → from 15; 30.5 × 1.5 = 45.75 → to 46.
    expect(regionIs(flat, { x: 15, y: 15, width: 31, height: 31 }, HIDE_COLOR)).toBe(true);
    expect(pixel(flat, 14, 30)).toEqual([255, 255, 255, 255]);
    expect(pixel(flat, 46, 30)).toEqual([255, 255, 255, 255]);
  });

  it('draws arrows, freehand lines and text (with fillText) in their colours', () => {
    const image = makeScreenshot(400, 300);
    const flat = flattenAnnotations(
      image,
      described(
        [
          { type: 'arrow', x1: 20, y1: 250, x2: 180, y2: 250, color: BLUE },
          {
            type: 'pen',
            points: [
              [220, 40],
              [260, 60],
              [300, 40],
            ],
            color: RED,
          },
          { type: 'text', x: 220, y: 200, text: '<b>Wrong</b>', size: 24, color: BLUE },
        ],
        1,
      ),
    );
    expect(pixel(flat, 100, 250)).toEqual(hex(BLUE));
    // The arrow head is wider than the shaft, just before the tip.
    expect(pixel(flat, 167, 245)).toEqual(hex(BLUE));
    expect(pixel(flat, 110, 245)).toEqual([255, 255, 255, 255]);
    expect(pixel(flat, 260, 60)).toEqual(hex(RED));
    expect(regionHas(flat, { x: 220, y: 200, width: 140, height: 30 }, BLUE)).toBe(true);
    expect(regionHas(flat, { x: 220, y: 170, width: 140, height: 25 }, BLUE)).toBe(false);
  });
});

describe('drawShapes', () => {
  it('leaves the context as it found it', () => {
    const ctx = makeScreenshot(100, 100).getContext('2d')!;
    ctx.fillStyle = '#00ff00';
    ctx.lineWidth = 1;
    drawShapes(ctx, [box, hide, { type: 'text', x: 1, y: 1, text: 'hi', size: 12, color: RED }], 1);
    expect(ctx.fillStyle).toBe('#00ff00');
    expect(ctx.lineWidth).toBe(1);
    expect(ctx.globalAlpha).toBe(1);
  });
});

describe('shape geometry', () => {
  it('hits boxes on their outline only (drawing inside a box starts a new shape) and hides anywhere', () => {
    const shapes = [box, hide];
    expect(hitTest(shapes, { x: 41, y: 60 }, 5)).toBe(0);
    expect(hitTest(shapes, { x: 90, y: 60 }, 5)).toBe(-1);
    expect(hitTest(shapes, { x: 240, y: 170 }, 5)).toBe(1);
  });

  it('resizes text by font size and keeps rectangles at least a few px', () => {
    const text: AnnotationShape = { type: 'text', x: 0, y: 0, text: 'Hello', size: 20, color: RED };
    const bigger = resizeBy(text, 10, 0);
    expect(bigger.type === 'text' && bigger.size).toBeGreaterThan(20);
    expect(shapeBounds(bigger).width).toBeGreaterThan(shapeBounds(text).width);
    expect(shapeBounds(resizeBy(box, -500, -500))).toMatchObject({ width: 4, height: 4 });
  });
});
