import { describe, expect, it } from 'vitest';
import { clampView, fitView, panBy, revealSpot, stagePoint, zoomAbout, zoomPercent } from './zoom';

const stage = { width: 800, height: 600 };
const image = { width: 2000, height: 1000 };

describe('image viewer zoom', () => {
  it('fits the image inside the stage, centred', () => {
    const view = fitView(stage, image);
    expect(view.scale).toBeCloseTo(776 / 2000);
    expect(view.x).toBeCloseTo(12);
    expect(view.y).toBeCloseTo((600 - 1000 * view.scale) / 2);
  });

  it('keeps the spot under the pointer in place while zooming', () => {
    const fit = fitView(stage, image);
    const zoomed = zoomAbout(fit, 3, 300, 250, stage, image);
    // The image spot that was under (300, 250) before is still there.
    const before = { x: ((300 - fit.x) / (image.width * fit.scale)) * 100, y: ((250 - fit.y) / (image.height * fit.scale)) * 100 };
    const after = stagePoint(zoomed, image, before.x, before.y);
    expect(after.x).toBeCloseTo(300);
    expect(after.y).toBeCloseTo(250);
    expect(zoomed.scale).toBeCloseTo(fit.scale * 3);
  });

  it('never zooms out past fit nor in past the maximum, and keeps the image on screen', () => {
    const fit = fitView(stage, image);
    expect(zoomAbout(fit, 0.1, 400, 300, stage, image).scale).toBeCloseTo(fit.scale);
    expect(zoomAbout(fit, 1000, 400, 300, stage, image).scale).toBeCloseTo(fit.scale * 16);
    const zoomed = zoomAbout(fit, 4, 400, 300, stage, image);
    const panned = panBy(zoomed, 100_000, -100_000, stage, image);
    expect(panned.x).toBe(0);
    expect(panned.y).toBeCloseTo(600 - 1000 * zoomed.scale);
    expect(clampView({ scale: fit.scale, x: 500, y: 500 }, stage, image)).toEqual(fit);
  });

  it('pans just enough to show a spot', () => {
    const zoomed = zoomAbout(fitView(stage, image), 8, 0, 0, stage, image);
    const shown = revealSpot(zoomed, stage, image, 90, 90);
    const at = stagePoint(shown, image, 90, 90);
    expect(at.x).toBeLessThanOrEqual(800 - 32 + 0.001);
    expect(at.y).toBeLessThanOrEqual(600 - 32 + 0.001);
    expect(at.x).toBeGreaterThan(700);
  });

  it('says the zoom in the original image pixels', () => {
    expect(zoomPercent({ scale: 0.5, x: 0, y: 0 }, image, 4000)).toBe(25);
    expect(zoomPercent({ scale: 0.5, x: 0, y: 0 }, image, null)).toBe(50);
  });
});
