/**
 * What the image review's end-to-end test and bench share: real PNGs drawn by sharp (shapes and a
 * grid, so a pin's spot is visible in a screenshot), uploaded as one image markup through the real
 * `POST /markups/file` with the demo workspace's key, and a wait until the server has converted it;
 * and Safari's pinch events, which Chromium cannot send itself.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';

export interface UploadTarget {
  apiBase: string;
  workspaceId: string;
  workspaceApiKey: string;
}

const headers = (key: string) => ({ Authorization: `Bearer ${key}`, 'Service-API-Version': '2023-02-22' });

/** A picture `width`×`height` with a grid every 10 % (so 30 % / 40 % is a grid crossing) and a few shapes. */
export async function gridPng(width: number, height: number, hue = 200): Promise<Buffer> {
  const lines: string[] = [];
  for (let i = 1; i < 10; i++) {
    lines.push(`<line x1="${(width * i) / 10}" y1="0" x2="${(width * i) / 10}" y2="${height}" stroke="#333" stroke-width="2"/>`);
    lines.push(`<line x1="0" y1="${(height * i) / 10}" x2="${width}" y2="${(height * i) / 10}" stroke="#333" stroke-width="2"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,85%)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 5}" fill="hsl(${hue + 120},70%,45%)"/>
    <rect x="${width / 2}" y="${height / 4}" width="${width / 3}" height="${height / 2}" fill="hsl(${hue + 240},70%,40%)"/>
    ${lines.join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** POST /markups/file with these PNGs; answers the new (not yet converted) markup's id. */
export async function uploadImageSet(target: UploadTarget, name: string, files: Buffer[]): Promise<string> {
  const form = new FormData();
  files.forEach((bytes, i) => form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `image-${i + 1}.png`));
  const res = await fetch(`${target.apiBase}/api/v2/markups/file?workspaceId=${target.workspaceId}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: headers(target.workspaceApiKey),
    body: form,
  });
  const body = (await res.json()) as { data?: { id: string }; error?: unknown };
  if (res.status !== 200 || !body.data) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

/** Polls GET /markups/:id until `isReady` (the server's conversion worker converts it). */
export async function waitUntilReady(target: UploadTarget, markupId: string, timeoutMs = 90_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${target.apiBase}/api/v2/markups/${markupId}`, { headers: headers(target.workspaceApiKey) });
    const body = (await res.json()) as { data?: { isReady?: boolean } };
    if (body.data?.isReady) return body.data;
    if (Date.now() > until) throw new Error(`markup ${markupId} not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** POST /markups/objectstore for one PNG: a markup that waits (isReady false) until `put()` uploads the file. */
export async function pendingImageMarkup(
  target: UploadTarget,
  name: string,
  bytes: Buffer,
): Promise<{ markupId: string; put: () => Promise<void> }> {
  const query = new URLSearchParams({ workspaceId: target.workspaceId, filesize: String(bytes.length), mimeType: 'image/png', name });
  const res = await fetch(`${target.apiBase}/api/v2/markups/objectstore?${query}`, {
    method: 'POST',
    headers: headers(target.workspaceApiKey),
  });
  const body = (await res.json()) as { data?: { url: string; markupId: string; headers: Record<string, string> } };
  if (res.status !== 200 || !body.data) throw new Error(`objectstore: ${res.status} ${JSON.stringify(body)}`);
  const { url, markupId, headers: signed } = body.data;
  return {
    markupId,
    put: async () => {
      const put = await fetch(url, { method: 'PUT', headers: signed, body: new Uint8Array(bytes) });
      if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    },
  };
}

/** A thread on one image of an image markup, by the workspace's key (another reviewer, in effect). */
export async function imageThreadViaApi(
  target: UploadTarget,
  markupId: string,
  imageId: string,
  text: string,
  x: number,
  y: number,
): Promise<void> {
  const res = await fetch(`${target.apiBase}/api/v2/threads`, {
    method: 'POST',
    headers: { ...headers(target.workspaceApiKey), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      isImageThread: true,
      projectId: markupId,
      projectImageId: imageId,
      offsetXPercentage: x,
      offsetYPercentage: y,
      message: { ops: [{ insert: `${text}\n` }] },
    }),
  });
  if (res.status !== 200) throw new Error(`thread: ${res.status} ${await res.text()}`);
}

/**
 * Safari's trackpad pinch, which it sends as its own gesture events (not ctrl+wheel): dispatched here
 * as Safari would, at a client point, with `scale` since the start. Answers whether each was prevented
 * (left alone, Safari zooms the whole page).
 */
export async function safariPinch(page: Page, x: number, y: number, scales: number[]): Promise<boolean[]> {
  return page.evaluate(
    ({ x, y, scales }) => {
      const target = document.elementFromPoint(x, y)!;
      const fire = (type: string, scale: number) => {
        const event = new UIEvent(type, { bubbles: true, cancelable: true });
        Object.defineProperties(event, { scale: { value: scale }, clientX: { value: x }, clientY: { value: y } });
        target.dispatchEvent(event);
        return event.defaultPrevented;
      };
      return [fire('gesturestart', 1), ...scales.map((scale) => fire('gesturechange', scale)), fire('gestureend', scales.at(-1)!)];
    },
    { x, y, scales },
  );
}
