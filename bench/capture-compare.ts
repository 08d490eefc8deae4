/**
 * The capture bench's fidelity score (bench/capture.ts): an image compared with Chromium's own
 * screenshot of the same viewport, in the page — mean SSIM over 8×8 windows of luminance.
 */
import type { Page } from '@playwright/test';

export interface Comparison {
  ssim: number;
  /** The same on luminance box-averaged by `factor` first (SSIM's usual practice for viewing distance). */
  scaledSsim: number;
  factor: number;
  /** 1 − mean absolute difference per RGB channel / 255. */
  pixel: number;
  /** Calibration: SSIM of Chromium's screenshot against itself moved down 1 px. */
  shiftedSsim: number;
  /**
   * Drift: the vertical offset (−40…40 px) at which the shot matches Chromium's best, by mean luminance
   * difference, and that difference at 0 and there. 0 when nothing is shifted.
   */
  drift: { dy: number; atZero: number; atBest: number };
  /** Cross-origin images on screen, and the full-resolution SSIM with their boxes left out (null if none). */
  foreignImages: number;
  /** Of those, how many our image shows (pixel match ≥ 0.9 inside the image's box). */
  foreignDrawn: number;
  readableSsim: number | null;
  png: string;
  /** Chromium's screenshot faded, with every difference from the shot in red (darker = larger). */
  diffPng: string;
}

/**
 * In the page: SSIM (Wang et al. constants, 8×8 windows every 4 px, luminance 0.299/0.587/0.114) and
 * the per-channel pixel match of window.__shots[key] against Chromium's screenshot, both drawn at the
 * viewport's CSS size. Private elements are painted the same on both first, so the score measures
 * the rest of the page (leaks are counted separately). Also returns the shot as a PNG data URL.
 */
export async function compare(page: Page, key: 'ours' | 'naive', reference: string): Promise<Comparison | null> {
  return page.evaluate(
    async ({ key, reference }) => {
      const shot: HTMLCanvasElement | undefined = (window as any).__shots?.[key];
      if (!shot) return null;
      const width = (document.compatMode === 'BackCompat' ? document.body : document.documentElement).clientWidth;
      const height = (document.compatMode === 'BackCompat' ? document.body : document.documentElement).clientHeight;
      const image = new Image();
      image.src = reference;
      await image.decode();
      const selectors: readonly string[] = (window as any).__captureBench.privateSelectors;
      const masks = [...document.querySelectorAll(selectors.join(', '))].map((element) => element.getBoundingClientRect());
      // Images from another origin without CORS can never be read back by a page; scored apart.
      const foreign = [...document.images]
        .filter((img) => new URL(img.currentSrc || img.src, location.href).origin !== location.origin)
        .map((img) => img.getBoundingClientRect())
        .filter((box) => box.right > 0 && box.bottom > 0 && box.left < width && box.top < height);
      const luma = (source: CanvasImageSource, dy = 0, extra: DOMRect[] = []) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, width, height);
        ctx.drawImage(source, 0, dy, width, height);
        ctx.fillStyle = '#1f2937';
        for (const box of [...masks, ...extra]) ctx.fillRect(box.left, box.top + dy, box.width, box.height);
        const rgba = ctx.getImageData(0, 0, width, height).data;
        const y = new Float32Array(width * height);
        for (let i = 0, p = 0; p < y.length; i += 4, p++) y[p] = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
        return { rgba, y };
      };
      const ssim = (a: Float32Array, b: Float32Array, width: number, height: number) => {
        const C1 = (0.01 * 255) ** 2;
        const C2 = (0.03 * 255) ** 2;
        let total = 0;
        let windows = 0;
        for (let y = 0; y + 8 <= height; y += 4) {
          for (let x = 0; x + 8 <= width; x += 4) {
            let sa = 0,
              sb = 0,
              saa = 0,
              sbb = 0,
              sab = 0;
            for (let dy = 0; dy < 8; dy++) {
              for (let dx = 0, p = (y + dy) * width + x; dx < 8; dx++, p++) {
                const va = a[p]!;
                const vb = b[p]!;
                sa += va;
                sb += vb;
                saa += va * va;
                sbb += vb * vb;
                sab += va * vb;
              }
            }
            const ma = sa / 64,
              mb = sb / 64;
            const va = saa / 64 - ma * ma,
              vb = sbb / 64 - mb * mb,
              cov = sab / 64 - ma * mb;
            total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
            windows++;
          }
        }
        return total / windows;
      };
      // Wang et al.'s reference implementation first box-averages by round(min(w, h) / 256): 3 here.
      const factor = Math.max(1, Math.round(Math.min(width, height) / 256));
      const down = (y: Float32Array) => {
        const w = Math.floor(width / factor),
          h = Math.floor(height / factor);
        const out = new Float32Array(w * h);
        for (let j = 0; j < h; j++) {
          for (let i = 0; i < w; i++) {
            let sum = 0;
            for (let dy = 0; dy < factor; dy++) for (let dx = 0; dx < factor; dx++) sum += y[(j * factor + dy) * width + i * factor + dx]!;
            out[j * w + i] = sum / (factor * factor);
          }
        }
        return out;
      };
      const full = (a: Float32Array, b: Float32Array) => ssim(a, b, width, height);
      const scaled = (a: Float32Array, b: Float32Array) => ssim(down(a), down(b), Math.floor(width / factor), Math.floor(height / factor));
      const ours = luma(shot);
      const chromium = luma(image);
      // Mean |ours(x, y) − chromium(x, y + dy)| over the rows both have, every other pixel.
      const rowDifference = (dy: number) => {
        let sum = 0;
        let count = 0;
        for (let y = Math.max(0, -dy); y < Math.min(height, height - dy); y += 2) {
          for (let x = 0, a = y * width, b = (y + dy) * width; x < width; x += 2) {
            sum += Math.abs(ours.y[a + x]! - chromium.y[b + x]!);
            count++;
          }
        }
        return sum / count;
      };
      const atZero = rowDifference(0);
      let drift = { dy: 0, atZero, atBest: atZero };
      for (let dy = -40; dy <= 40; dy++) {
        const difference = dy === 0 ? atZero : rowDifference(dy);
        // A shift counts only when it explains clearly more than the unshifted image does.
        if (difference < drift.atBest * 0.8) drift = { dy, atZero, atBest: difference };
      }
      let difference = 0;
      const diff = new ImageData(width, height);
      for (let i = 0; i < ours.rgba.length; i += 4) {
        let pixelDifference = 0;
        for (let c = 0; c < 3; c++) pixelDifference += Math.abs(ours.rgba[i + c]! - chromium.rgba[i + c]!);
        difference += pixelDifference;
        const faded = 200 + chromium.y[i / 4]! / 5;
        const red = Math.min(1, pixelDifference / 96);
        diff.data.set([faded + (255 - faded) * red, faded * (1 - red), faded * (1 - red), 255], i);
      }
      const diffView = document.createElement('canvas');
      diffView.width = width;
      diffView.height = height;
      diffView.getContext('2d')!.putImageData(diff, 0, 0);
      // A foreign image counts as drawn when its box matches Chromium's nearly everywhere.
      const drawn = foreign.filter((box) => {
        const x0 = Math.max(0, Math.round(box.left)),
          x1 = Math.min(width, Math.round(box.right));
        const y0 = Math.max(0, Math.round(box.top)),
          y1 = Math.min(height, Math.round(box.bottom));
        if (x1 <= x0 || y1 <= y0) return false;
        let sum = 0;
        for (let y = y0; y < y1; y++) {
          for (let x = x0, i = (y * width + x0) * 4; x < x1; x++, i += 4) {
            for (let c = 0; c < 3; c++) sum += Math.abs(ours.rgba[i + c]! - chromium.rgba[i + c]!);
          }
        }
        return 1 - sum / ((x1 - x0) * (y1 - y0) * 3 * 255) >= 0.9;
      }).length;
      const view = document.createElement('canvas');
      view.width = width;
      view.height = height;
      view.getContext('2d')!.drawImage(shot, 0, 0, width, height);
      return {
        ssim: full(ours.y, chromium.y),
        scaledSsim: scaled(ours.y, chromium.y),
        factor,
        pixel: 1 - difference / (width * height * 3 * 255),
        shiftedSsim: full(luma(image, 1).y, chromium.y),
        drift,
        foreignImages: foreign.length,
        foreignDrawn: drawn,
        readableSsim: foreign.length ? full(luma(shot, 0, foreign).y, luma(image, 0, foreign).y) : null,
        png: view.toDataURL('image/png'),
        diffPng: diffView.toDataURL('image/png'),
      };
    },
    { key, reference },
  );
}

/** What must never be drawn on the checkout page (compared with whitespace removed). */
export const SECRETS = ['hunter2-secret', '4242 4242 4242 4242', '804 219', 'DE89 3704 0044 0532 0130 00'];
const squash = (text: string) => text.replace(/\s+/g, '');
/** How many of the checkout page's secrets a capture's recorded text draws reached the pixels. */
export const leaked = (drawn: string) => SECRETS.filter((secret) => squash(drawn).includes(squash(secret))).length;
