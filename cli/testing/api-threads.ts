/**
 * Threads made through the real API for the CLI's tests, as the widget makes them: the thread,
 * then its screenshot (policy → storage form POST → PUT), and a diagnostics file attached to the
 * first message (upload policy → form POST → upload-complete). API key auth throughout.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { CreateThreadRequest, ThreadResponse } from '../../src/api/wire';
import type { RunningServer } from './server.ts';

async function api<T = any>(server: RunningServer, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api/v2${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.apiKey}`,
      'Service-API-Version': '2023-02-22',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text).data : undefined) as T;
}

async function postForm(
  post: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  type: string,
  name: string,
): Promise<string> {
  const form = new FormData();
  for (const [field, value] of Object.entries(post.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(post.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`storage POST: ${response.status} ${await response.text()}`);
  return (response.headers.get('etag') ?? '').replace(/"/g, '');
}

export const DIAGNOSTICS = {
  version: 1,
  pageUrl: 'http://localhost/checkout',
  userAgent: 'test',
  recordingSince: 0,
  capturedAt: 1,
  console: [{ level: 'error', source: 'console', message: 'TypeError: total is undefined at checkout.js:42', time: 1 }],
  requests: [{ method: 'POST', url: 'http://localhost/api/cart', status: 500, durationMs: 12, time: 1, initiator: 'fetch' }],
  dropped: { consoleErrors: 0, consoleWarnings: 0, requests: 0 },
};

export async function uploadDiagnostics(server: RunningServer, markupId: string): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(DIAGNOSTICS));
  const policy = await api(server, 'POST', '/upload-policy', {
    resourceType: 'message_attachment',
    resourceId: markupId,
    filename: 'pinmark-diagnostics.json',
    contentType: 'application/json',
    filesize: bytes.length,
  });
  const etag = await postForm(policy.policy, bytes, 'application/json', 'pinmark-diagnostics.json');
  return (await api(server, 'POST', '/upload-complete', { fileId: policy.fileId, etag })).fileId;
}

export async function attachScreenshot(server: RunningServer, threadId: string): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
  const fileId = randomUUID();
  const query = new URLSearchParams({ fileId, filesize: String(png.length), filename: 'shot.png', mimeType: 'image/png' });
  const policy = await api(server, 'GET', `/threads/${threadId}/screenshot-upload-policy?${query}`);
  const etag = await postForm(policy.policy, png, 'image/png', 'shot.png');
  await api(server, 'PUT', `/threads/${threadId}/screenshot`, {
    key: policy.key,
    etag,
    mimeType: 'image/png',
    width: 64,
    height: 40,
    filesize: png.length,
    fileId,
  });
  return png;
}

export async function createThread(
  server: RunningServer,
  options: { text: string; path?: string; elementPath?: string; parentPath?: string | null; diagnostics?: boolean },
): Promise<ThreadResponse> {
  const page = `${server.url}${options.path ?? '/'}`;
  const body: CreateThreadRequest = {
    isImageThread: false,
    projectId: server.markupId,
    url: page,
    canonicalUrl: page,
    elements: [{ elementPath: options.elementPath ?? 'main > h1', offsetXPercentage: 20, offsetYPercentage: 50 }],
    offsetXPercentage: 30,
    offsetYPercentage: 10,
    message: { ops: [{ insert: `${options.text}\n` }] },
    browserContext: {
      browserName: 'Chromium',
      browserVersion: '131',
      os: 'Linux',
      osVersion: '6.1',
      osVersionName: '',
      platform: 'desktop',
      screenWidth: 1920,
      screenHeight: 1080,
      viewportWidth: 1280,
      viewportHeight: 800,
    },
    elementParents: options.parentPath === null ? [] : [{ url: page, canonicalUrl: page, path: options.parentPath ?? 'main', depth: 1 }],
    viewModeId: 'desktop',
    ...(options.diagnostics ? { attachments: [{ fileId: await uploadDiagnostics(server, server.markupId) }] } : {}),
  };
  return api(server, 'POST', '/threads', body);
}

export { api };
