/** Panel placement (placement.ts, placement-sheet.ts): beside the target, never over it; sheets on small screens. */
import { describe, expect, it } from 'vitest';
import { isSmallScreen, placePanel, placeSheet, scrollToShowAbove, type Box, type PanelPlacement } from './placement';

const desktop = { width: 1280, height: 720 };
const phone = { width: 390, height: 844 };
const panel = { width: 340, height: 300 };

function boxOf(placement: PanelPlacement, size = panel): Box {
  if (placement.kind !== 'beside') throw new Error('expected a panel beside its target');
  return { left: placement.x, top: placement.y, width: size.width, height: size.height };
}

function intersects(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

function inside(a: Box, viewport: { width: number; height: number }): boolean {
  return a.left >= 0 && a.top >= 0 && a.left + a.width <= viewport.width && a.top + a.height <= viewport.height;
}

const centre = (box: Box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });

describe('placePanel', () => {
  it('puts the panel on the right of a target with room there, top near the pin', () => {
    const target = { left: 300, top: 200, width: 200, height: 40 };
    const placed = placePanel({ target, point: centre(target), size: panel, viewport: desktop });
    expect(placed).toMatchObject({ kind: 'beside', side: 'right' });
    const box = boxOf(placed);
    expect(box.left).toBeGreaterThanOrEqual(target.left + target.width);
    expect(box.top).toBeLessThanOrEqual(centre(target).y);
  });

  it('flips to the left of a target at the right edge (a buy button)', () => {
    const target = { left: 1140, top: 110, width: 110, height: 40 };
    const placed = placePanel({ target, point: centre(target), size: panel, viewport: desktop });
    expect(placed).toMatchObject({ side: 'left' });
    const box = boxOf(placed);
    expect(box.left + box.width).toBeLessThanOrEqual(target.left);
    expect(inside(box, desktop)).toBe(true);
  });

  it('goes below a full-width target (a headline), or above it near the bottom', () => {
    const headline = { left: 0, top: 80, width: 1280, height: 60 };
    const below = placePanel({ target: headline, point: { x: 200, y: 110 }, size: panel, viewport: desktop });
    expect(below).toMatchObject({ side: 'below' });
    expect(intersects(boxOf(below), headline)).toBe(false);

    const footer = { left: 0, top: 600, width: 1280, height: 60 };
    const above = placePanel({ target: footer, point: { x: 200, y: 630 }, size: panel, viewport: desktop });
    expect(above).toMatchObject({ side: 'above' });
    expect(intersects(boxOf(above), footer)).toBe(false);
  });

  it('shifts along the side to stay in view', () => {
    const target = { left: 300, top: 680, width: 100, height: 30 };
    const box = boxOf(placePanel({ target, point: centre(target), size: panel, viewport: desktop }));
    expect(inside(box, desktop)).toBe(true);
    expect(intersects(box, target)).toBe(false);
  });

  it('keeps the pin uncovered when nothing fits beside the whole target (a section filling the screen)', () => {
    const section = { left: 0, top: -400, width: 1280, height: 2000 };
    const point = { x: 640, y: 360 };
    const box = boxOf(placePanel({ target: section, point, size: panel, viewport: desktop }));
    expect(inside(box, desktop)).toBe(true);
    expect(intersects(box, { left: point.x - 16, top: point.y - 16, width: 32, height: 32 })).toBe(false);
  });

  it('stays off the chips above the launcher when it can', () => {
    const dock = { left: 1100, top: 560, width: 160, height: 140 };
    const target = { left: 600, top: 600, width: 100, height: 40 };
    const placed = placePanel({ target, point: centre(target), size: panel, viewport: desktop, avoid: dock });
    const box = boxOf(placed);
    expect(intersects(box, dock)).toBe(false);
    expect(intersects(box, target)).toBe(false);
    expect(inside(box, desktop)).toBe(true);
  });

  it('sits near the launcher when the pin has no place, beside the chips and their list', () => {
    let box = boxOf(placePanel({ size: panel, viewport: desktop }));
    expect(box.left + box.width).toBeLessThanOrEqual(desktop.width - 64);
    expect(box.top + box.height).toBeLessThanOrEqual(desktop.height - 80);
    const dock = { left: 900, top: 300, width: 360, height: 400 };
    box = boxOf(placePanel({ size: panel, viewport: desktop, avoid: dock }));
    expect(intersects(box, dock)).toBe(false);
    expect(inside(box, desktop)).toBe(true);
  });

  it('sits in the corner when the target has no area on screen and the pin no place (collapsed, scrolled away)', () => {
    for (const target of [
      { left: 80, top: 300, width: 200, height: 0 },
      { left: 80, top: -900, width: 200, height: 40 },
    ]) {
      const box = boxOf(placePanel({ target, size: panel, viewport: desktop }));
      expect(inside(box, desktop)).toBe(true);
    }
  });

  it('is a sheet on a small screen, by the screen width, whatever the target', () => {
    const target = { left: 10, top: 10, width: 50, height: 20 };
    expect(placePanel({ target, point: centre(target), size: panel, viewport: phone })).toEqual({ kind: 'sheet' });
    expect(isSmallScreen(phone)).toBe(true);
    expect(isSmallScreen({ width: 560, height: 900 })).toBe(true);
    expect(isSmallScreen({ width: 768, height: 1024 })).toBe(false);
    expect(isSmallScreen(desktop)).toBe(false);
  });
});

describe('bottom sheets', () => {
  const sheetHeight = 400; // its top at 444 on the phone
  const room = { up: 2000, down: 2000 };

  it('stays at the bottom without scrolling when the target is above it', () => {
    const target = { left: 20, top: 200, width: 300, height: 40 };
    expect(placeSheet({ target, point: centre(target), height: sheetHeight, viewport: phone, room })).toEqual({
      edge: 'bottom',
      scroll: 0,
    });
  });

  it('scrolls the page so a target under the sheet shows above it', () => {
    const target = { left: 20, top: 700, width: 300, height: 40 };
    const placed = placeSheet({ target, point: centre(target), height: sheetHeight, viewport: phone, room });
    expect(placed.edge).toBe('bottom');
    // Its bottom lands above the sheet's top.
    expect(target.top + target.height - placed.scroll).toBeLessThanOrEqual(phone.height - sheetHeight);
    expect(target.top - placed.scroll).toBeGreaterThanOrEqual(0);
  });

  it('goes to the top when the page cannot scroll (the end of the page, or a screenshot being taken)', () => {
    const target = { left: 20, top: 700, width: 300, height: 40 };
    expect(placeSheet({ target, point: centre(target), height: sheetHeight, viewport: phone, room: { up: 500, down: 30 } })).toEqual({
      edge: 'top',
      scroll: 0,
    });
    expect(placeSheet({ target, point: centre(target), height: sheetHeight, viewport: phone, room: { up: 0, down: 0 } })).toEqual({
      edge: 'top',
      scroll: 0,
    });
  });

  it('keeps the pin in view when the target is taller than the room above the sheet', () => {
    const article = { left: 0, top: 100, width: 390, height: 1500 };
    const point = { x: 100, y: 600 };
    const scroll = scrollToShowAbove(article, point, phone.height - sheetHeight);
    expect(point.y - scroll).toBeGreaterThan(16);
    expect(point.y - scroll).toBeLessThan(phone.height - sheetHeight - 16);
  });
});
