/**
 * Files the browser loads from this server: the built widget at /widget/* (any site may load it,
 * including its lazily imported ESM chunks, so it is served with CORS) and, outside production, the
 * demo pages at /, where `%PINMARK_…%` placeholders in .html files become the seeded demo's values
 * and each page gets its own Content-Security-Policy (demo-page-policy.ts).
 */
import { Hono, type Context } from 'hono';
import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { demoPagePolicy, NONCE_PLACEHOLDER, prepareDemoPage, type DemoPage } from './demo-page-policy.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that `urlPath` names, or undefined. Decoded once; `..`, backslashes and
 * NUL bytes never leave the root; a directory means its index.html.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | undefined> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (relative.includes('\0') || relative.includes('\\')) return undefined;
  const base = path.resolve(root);
  let file = path.resolve(base, `.${path.posix.normalize(`/${relative}`)}`);
  if (file !== base && !file.startsWith(base + path.sep)) return undefined;
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file);
    }
    return info.isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A file ready to send: read, hashed and gzipped once, then kept until its mtime or
 * size changes. Every visitor of every customer page loads the widget, so this path must be cheap.
 */
export interface PreparedFile {
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
  mtimeMs: number;
  size: number;
}

const COMPRESSIBLE = /\.(html|js|mjs|cjs|css|json|map|txt|svg)$/i;
const prepared = new Map<string, PreparedFile>();

export async function prepare(file: string): Promise<PreparedFile> {
  const info = await stat(file);
  const hit = prepared.get(file);
  if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit;
  const body = await readFile(file);
  const entry: PreparedFile = {
    body,
    gzip: COMPRESSIBLE.test(file) && body.length > 1024 ? gzipSync(body, { level: 9 }) : null,
    etag: createHash('sha1').update(body).digest('base64url'),
    mtimeMs: info.mtimeMs,
    size: info.size,
  };
  prepared.set(file, entry);
  return entry;
}

/** Content-hashed chunk names never change content, so browsers may keep them for good. */
const IMMUTABLE = /\/chunks\/[^/]+-[A-Za-z0-9_-]{8,}\.js$/;

export function sendFile(c: Context, file: string, entry: PreparedFile, extraHeaders: Record<string, string>): Response {
  const gzip = entry.gzip !== null && /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '');
  const etag = `"${entry.etag}${gzip ? '-gz' : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': contentTypeFor(file),
    'Cache-Control': IMMUTABLE.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    ...(entry.gzip ? { Vary: 'Accept-Encoding' } : {}),
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    ...extraHeaders,
  };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const body = gzip ? entry.gzip! : entry.body;
  return new Response(c.req.method === 'HEAD' ? null : (body as unknown as BodyInit), { status: 200, headers });
}

/** Demo pages, filled and given their policy once per file version; the nonce is new per response. */
const demoPages = new Map<string, { mtimeMs: number; size: number; page: DemoPage }>();

async function demoPage(file: string, fill: (html: string) => string): Promise<DemoPage> {
  const info = await stat(file);
  const hit = demoPages.get(file);
  if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return hit.page;
  const page = prepareDemoPage(fill(await readFile(file, 'utf8')));
  demoPages.set(file, { mtimeMs: info.mtimeMs, size: info.size, page });
  return page;
}

/**
 * A demo page with a fresh nonce and its policy (demo-page-policy.ts), so never cached.
 * `apiOrigin` is named besides 'self' in case the page is opened under another host name.
 */
function sendDemoPage(c: Context, page: DemoPage, apiOrigin: string): Response {
  const nonce = randomBytes(16).toString('base64');
  const html = page.html.replaceAll(NONCE_PLACEHOLDER, nonce);
  return new Response(c.req.method === 'HEAD' ? null : html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': demoPagePolicy(page, nonce, apiOrigin),
    },
  });
}

export function staticRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { widgetDir, demoDir, publicUrl } = deps.config;
  const fillPlaceholders = (html: string): string => {
    const filled = html.replaceAll('%PINMARK_API_BASE%', publicUrl);
    return deps.demo
      ? filled.replaceAll('%PINMARK_PUBLIC_KEY%', deps.demo.publicKey).replaceAll('%PINMARK_MARKUP_ID%', deps.demo.markupId)
      : filled;
  };

  routes.get('/widget/*', async (c) => {
    const urlPath = new URL(c.req.url).pathname.slice('/widget'.length);
    const file = await resolveStaticFile(widgetDir, urlPath);
    if (!file) return c.notFound();
    return sendFile(c, file, await prepare(file), {
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });

  // Production serves the widget only: no demo pages, no demo credentials in them.
  if (!deps.config.demo) return routes;
  routes.get('*', async (c) => {
    const file = await resolveStaticFile(demoDir, new URL(c.req.url).pathname);
    if (!file) return c.notFound();
    if (path.extname(file).toLowerCase() !== '.html') return sendFile(c, file, await prepare(file), {});
    return sendDemoPage(c, await demoPage(file, fillPlaceholders), new URL(publicUrl).origin);
  });

  return routes;
}
