/**
 * Writes the QA gallery's raster images: procedural landscapes as PNG (960×640, flat colours, a few KB each) (nothing but zlib), and
 * one grainy, photo-like JPEG encoded by headless Chromium (a JPEG encoder is not worth writing):
 * `node demo/qa/img/make-images.mjs`. The output is committed; rerun only to change it.
 */
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** RGB PNG; every row uses the Sub filter (flat areas and gradients compress well). */
function png(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 1;
    let prev = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      const rgb = pixel(x, y).map((v) => Math.max(0, Math.min(255, Math.round(v))));
      for (let i = 0; i < 3; i++) raw[row + 1 + x * 3 + i] = (rgb[i] - prev[i]) & 0xff;
      prev = rgb;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const WIDTH = 960;
const HEIGHT = 640;
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
/** Sky gradient, a sun, two mountain ridges and a lake or field, in one palette. */
function landscape({ skyTop, skyBottom, sun, far, near, ground, sunAt, seed }) {
  return (px, py) => {
    // Drawn on a 480×320 grid, sampled at any size.
    const x = (px * 480) / WIDTH;
    const y = (py * 320) / HEIGHT;
    const h = 320;
    const ridge = (phase, base, amp) =>
      base + amp * (Math.sin(x / 53 + phase) * 0.6 + Math.sin(x / 23 + phase * 2) * 0.3 + Math.sin(x / 9 + seed) * 0.1);
    if (y > h * 0.78) return mix(ground, mix(ground, [0, 0, 0], 0.35), (y - h * 0.78) / (h * 0.22));
    if (y > ridge(seed + 1, h * 0.62, 26)) return near;
    if (y > ridge(seed, h * 0.48, 34)) return far;
    const dx = x - sunAt[0];
    const dy = y - sunAt[1];
    if (dx * dx + dy * dy < 28 * 28) return sun;
    return mix(skyTop, skyBottom, y / (h * 0.7));
  };
}

const scenes = {
  'dawn.png': landscape({
    skyTop: [255, 183, 148],
    skyBottom: [255, 236, 200],
    sun: [255, 250, 235],
    far: [196, 120, 130],
    near: [120, 70, 100],
    ground: [70, 45, 80],
    sunAt: [340, 130],
    seed: 1,
  }),
  'fjord.png': landscape({
    skyTop: [40, 90, 160],
    skyBottom: [170, 210, 235],
    sun: [255, 255, 240],
    far: [80, 110, 140],
    near: [35, 70, 80],
    ground: [20, 60, 90],
    sunAt: [110, 80],
    seed: 4,
  }),
  'meadow.png': landscape({
    skyTop: [120, 180, 230],
    skyBottom: [225, 240, 250],
    sun: [255, 240, 170],
    far: [110, 160, 110],
    near: [60, 120, 60],
    ground: [150, 190, 70],
    sunAt: [400, 70],
    seed: 7,
  }),
  'dusk.png': landscape({
    skyTop: [40, 30, 90],
    skyBottom: [240, 120, 90],
    sun: [255, 210, 120],
    far: [90, 50, 90],
    near: [45, 25, 55],
    ground: [25, 15, 35],
    sunAt: [240, 190],
    seed: 2,
  }),
};
for (const [name, pixel] of Object.entries(scenes)) {
  writeFileSync(new URL(name, import.meta.url), png(WIDTH, HEIGHT, pixel));
}

// The JPEG: a canvas-painted harbour at night with film grain, so it has texture that PNG would not keep small.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 320;
    const ctx = canvas.getContext('2d');
    const sky = ctx.createLinearGradient(0, 0, 0, 200);
    sky.addColorStop(0, '#0b1d3a');
    sky.addColorStop(1, '#3c5a8a');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 480, 320);
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 90; i++) {
      ctx.fillStyle = `rgba(255,255,255,${0.4 + random() * 0.6})`;
      ctx.fillRect(random() * 480, random() * 150, 1.5, 1.5);
    }
    ctx.fillStyle = '#10182a';
    for (let x = 0; x < 480; x += 30 + random() * 30) {
      const w = 20 + random() * 40;
      const h = 40 + random() * 90;
      ctx.fillRect(x, 200 - h, w, h);
      ctx.fillStyle = '#f6c667';
      for (let k = 0; k < 8; k++) if (random() > 0.4) ctx.fillRect(x + 4 + random() * (w - 8), 200 - h + 6 + random() * (h - 12), 3, 4);
      ctx.fillStyle = '#10182a';
    }
    const water = ctx.createLinearGradient(0, 200, 0, 320);
    water.addColorStop(0, '#1d3157');
    water.addColorStop(1, '#060b16');
    ctx.fillStyle = water;
    ctx.fillRect(0, 200, 480, 120);
    for (let i = 0; i < 160; i++) {
      ctx.fillStyle = `rgba(246,198,103,${random() * 0.5})`;
      ctx.fillRect(random() * 480, 205 + random() * 110, 6 + random() * 14, 1);
    }
    const image = ctx.getImageData(0, 0, 480, 320);
    for (let i = 0; i < image.data.length; i += 4) {
      const grain = (random() - 0.5) * 22;
      for (let c = 0; c < 3; c++) image.data[i + c] += grain;
    }
    ctx.putImageData(image, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  writeFileSync(new URL('harbour.jpg', import.meta.url), Buffer.from(dataUrl.split(',')[1], 'base64'));
} finally {
  await browser.close();
}
