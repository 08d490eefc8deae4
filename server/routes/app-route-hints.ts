/**
 * The review app's page, hinted per route: a link opened cold (an e-mail, a shared markup's
 * `markupUrl`) would otherwise fetch the route's lazy chunks one after another — the app's entry,
 * then its view's chunk, then (for a file markup) the review's chunk — each only once the previous
 * has run. The page of such a route names those chunks up front (`modulepreload`, and `preload` for
 * their styles), so they arrive beside the entry. Which chunks a route needs comes from the build's
 * manifest (`.vite/manifest.json`, never served); without one (a build without it, tests' fake
 * builds) the page goes out as it is.
 *
 * A markup's page hints the file review's chunk too, whatever the markup's type: the server does
 * not look the id up for a page anyone may ask for (that would tell a stranger the markup exists
 * and what it is). A webpage markup's page, opened cold, pays ~13 KB it does not use.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { PreparedFile } from './static.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** App routes (the path after /app) and the sources of the lazy chunks they show. */
const MANAGE_VIEWS = 'views/manage-views.ts';
const ROUTE_SOURCES: { pattern: RegExp; sources: string[] }[] = [
  { pattern: /^\/markups\/[^/]+\/?$/, sources: [MANAGE_VIEWS, 'views/file-review/FileReviewPage.tsx'] },
  { pattern: /^\/(workspace(\/[^/]+)?|metrics|mail|integrations)\/?$/, sources: [MANAGE_VIEWS] },
];

/** The chunks (scripts and styles) `sources` load statically, the entry's own left out, in load order. */
export function chunksOf(manifest: Manifest, sources: string[]): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || chunk.isEntry || seen.has(name)) return;
    seen.add(name);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { scripts, styles };
}

/** The tags for `<head>`; `crossorigin` as the entry's own, so the module loader takes what was preloaded. */
export function hintTags(chunks: { scripts: string[]; styles: string[] }, base = '/app/'): string {
  const href = (file: string) => `${base}${file}`.replace(/[&"<>]/g, '');
  return [
    ...chunks.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${href(file)}">`),
    ...chunks.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${href(file)}">`),
  ].join('');
}

/** The page with `tags` at the end of its head, ready to send (compressed and tagged once). */
export function withHints(page: PreparedFile, tags: string): PreparedFile {
  const html = page.body.toString('utf8');
  const at = html.indexOf('</head>');
  if (!tags || at < 0) return page;
  const body = Buffer.from(html.slice(0, at) + tags + html.slice(at));
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    etag: createHash('sha1').update(body).digest('base64url'),
    mtimeMs: page.mtimeMs,
    size: body.length,
  };
}

/**
 * Per app root: `pageFor(urlPath, page)` answers the page to send for an app route — `page` itself,
 * or it with the route's hints. Made once per route pattern and kept until the page or manifest changes.
 */
export function routeHints(root: string): (urlPath: string, page: PreparedFile) => Promise<PreparedFile> {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  let manifest: { mtimeMs: number; chunks: Manifest | null } | null = null;
  const made = new Map<number, { page: PreparedFile; manifestMtime: number; hinted: PreparedFile }>();

  const readManifest = async (): Promise<{ mtimeMs: number; chunks: Manifest | null }> => {
    const info = await stat(manifestFile).catch(() => null);
    const mtimeMs = info?.mtimeMs ?? 0;
    if (manifest && manifest.mtimeMs === mtimeMs) return manifest;
    let chunks: Manifest | null = null;
    if (info)
      try {
        chunks = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
      } catch {
        chunks = null;
      }
    return (manifest = { mtimeMs, chunks });
  };

  return async (urlPath, page) => {
    const route = ROUTE_SOURCES.findIndex((candidate) => candidate.pattern.test(urlPath));
    if (route < 0) return page;
    const { mtimeMs, chunks } = await readManifest();
    if (!chunks) return page;
    const hit = made.get(route);
    if (hit && hit.page === page && hit.manifestMtime === mtimeMs) return hit.hinted;
    const hinted = withHints(page, hintTags(chunksOf(chunks, ROUTE_SOURCES[route]!.sources)));
    made.set(route, { page, manifestMtime: mtimeMs, hinted });
    return hinted;
  };
}
