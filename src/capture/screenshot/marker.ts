/**
 * Draws the pin marker into the screenshot, looking like the widget's live pin (ui/pins.css: a 28 px
 * brand-coloured disc with a 2 px white ring and a soft shadow, centred on the point, label inside),
 * so whoever reads the report sees exactly where the reviewer clicked.
 */
import type { CapturePin } from './types';

export const PIN_COLOR = '#4f46e5';
const RADIUS = 14;
const RING = 2;

export function drawPin(ctx: CanvasRenderingContext2D, pin: CapturePin, scale: number): void {
  if (!Number.isFinite(pin.clientX) || !Number.isFinite(pin.clientY)) return;
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';

  ctx.shadowColor = 'rgba(15, 23, 42, 0.35)';
  ctx.shadowBlur = 8 * scale;
  ctx.shadowOffsetY = 2 * scale;
  ctx.fillStyle = '#ffffff';
  disc(ctx, pin.clientX, pin.clientY, RADIUS);
  ctx.shadowColor = 'transparent';
  ctx.fillStyle = PIN_COLOR;
  disc(ctx, pin.clientX, pin.clientY, RADIUS - RING);

  const label = [...(pin.label ?? '').trim()].slice(0, 3).join('');
  if (label) {
    ctx.fillStyle = '#ffffff';
    ctx.font = `600 ${label.length > 2 ? 10 : 12}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, pin.clientX, pin.clientY + 0.5, (RADIUS - RING) * 2 - 4);
  }
  ctx.restore();
}

function disc(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number): void {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fill();
}
