/**
 * Files the browser loads from this server: the built widget at /widget/* (any site may load it,
 * including its lazily imported ESM chunks, so it is served with CORS) and the demo pages at /,
 * where `%PINMARK_…%` placeholders in .html files become the seeded demo's values.
 */
import { Hono, type Context } from 'hono';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps, AppEnv } from '../deps.ts';

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

function sendFile(c: Context, body: Uint8Array | string, file: string, extraHeaders: Record<string, string>): Response {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers: Record<string, string> = {
    'Content-Type': contentTypeFor(file),
    'Cache-Control': 'no-cache',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(c.req.method === 'HEAD' ? null : (body as BodyInit), { status: 200, headers });
}

export function staticRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { widgetDir, demoDir, publicUrl } = deps.config;

  routes.get('/widget/*', async (c) => {
    const urlPath = new URL(c.req.url).pathname.slice('/widget'.length);
    const file = await resolveStaticFile(widgetDir, urlPath);
    if (!file) return c.notFound();
    return sendFile(c, await readFile(file), file, {
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });

  routes.get('*', async (c) => {
    const file = await resolveStaticFile(demoDir, new URL(c.req.url).pathname);
    if (!file) return c.notFound();
    if (path.extname(file).toLowerCase() !== '.html') return sendFile(c, await readFile(file), file, {});
    let html = await readFile(file, 'utf8');
    html = html.replaceAll('%PINMARK_API_BASE%', publicUrl);
    if (deps.demo) {
      html = html.replaceAll('%PINMARK_PUBLIC_KEY%', deps.demo.publicKey).replaceAll('%PINMARK_MARKUP_ID%', deps.demo.markupId);
    }
    return sendFile(c, html, file, {});
  });

  return routes;
}
