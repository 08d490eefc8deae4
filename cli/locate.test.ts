/**
 * `pinmark locate` finds the pinned element of threads the real widget posted on demo pages (in
 * Chromium, through the sign-in popup), on the served page and on the saved HTML file, with the
 * line of its start tag; a data-sourcepos attribute gives the source position where present.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ThreadResponse } from '../src/api/wire';
import { createThread } from './testing/api-threads.ts';
import { cliEnv, runCli, runJson } from './testing/run-cli.ts';
import { ROOT } from './testing/server.ts';
import { postOnPage, reviewer, type Reviewer } from './testing/widget.ts';

const server = inject('pinmarkServer');
const env = cliEnv(server);

/** Demo pages, the element a reviewer pins on each, and the text of its start tag in the file. */
const CASES = [
  { file: 'index.html', path: '/', pick: '#pricing-table tbody tr:nth-child(2) td:nth-child(3)', tag: '<td>€ 44</td>', text: '€ 44' },
  {
    file: 'qa/article.html',
    path: '/qa/article.html',
    pick: 'h3:text-is("Flex and grid")',
    tag: '<h3>Flex and grid</h3>',
    text: 'Flex and grid',
  },
  { file: 'lab/rtl.html', path: '/lab/rtl.html', pick: '#rtl-text', tag: '<p id="rtl-text">', text: 'A right-to-left page' },
];

function lineAndColumn(file: string, snippet: string): { line: number; column: number } {
  const source = readFileSync(join(ROOT, 'demo', file), 'utf8');
  const offset = source.indexOf(snippet);
  const before = source.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

describe('pinmark locate on threads the widget posted', () => {
  let who: Reviewer;
  const threads: ThreadResponse[] = [];

  beforeAll(async () => {
    who = await reviewer();
    for (const c of CASES)
      threads.push((await postOnPage(server, who, c.path, (page) => page.locator(c.pick), `Locate me: ${c.text}`)).thread);
  }, 180_000);

  afterAll(async () => {
    await who?.close();
  });

  it.each(CASES.map((c, i) => [c.file, i] as const))('%s: the element on the served page, with its line', async (file, i) => {
    const c = CASES[i]!;
    const body = await runJson(['locate', threads[i]!.id], env);
    expect(body.status).toBe('exact');
    expect(body.element.outerHtml.startsWith(c.tag.replace(/>.*$/, ''))).toBe(true);
    expect(body.element.text).toContain(c.text);
    expect(body.element.agreeingSelectors).toBeGreaterThanOrEqual(1);
    expect(body.htmlPosition).toMatchObject({ ...lineAndColumn(file, c.tag), file: threads[i]!.originalUrl });
  });

  it.each(CASES.map((c, i) => [c.file, i] as const))('%s: the element in the saved HTML file', async (file, i) => {
    const c = CASES[i]!;
    const run = await runCli(['locate', `#${threads[i]!.number}`, '--html', join('demo', file)], env);
    expect(run.code).toBe(0);
    const { line, column } = lineAndColumn(file, c.tag);
    expect(run.stdout).toMatch(/^#\d+ → exact match on file:\/\//);
    expect(run.stdout).toContain(`Source     ${join(ROOT, 'demo', file)}:${line}:${column}`);
  });
});

describe('pinmark locate: source attributes, misses', () => {
  const dir = mkdtempSync(join(ROOT, '.tmp', 'cli-locate-'));
  const page = join(dir, 'rendered.html');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    page,
    `<!doctype html><html><body><main>
<article data-sourcepos="1:1-9:12"><h1 data-sourcepos="1:1-1:14">Release notes</h1>
<!-- <p>not an element</p> -->
<script>document.write('<p>nor this</p>'.slice(0, 0))</script>
<p data-sourcepos="3:1-3:40">The <em>export</em> button is missing.</p>
<p>Plain paragraph without a position.</p></article></main></body></html>
`,
  );

  it('data-sourcepos on the element, else on its nearest ancestor; the start tag line too', async () => {
    const pinned = await createThread(server, { text: 'Export button', elementPath: 'article > p:nth-of-type(1)' });
    const body = await runJson(['locate', pinned.id, '--html', page], env);
    expect(body).toMatchObject({ status: 'exact', element: { tag: 'p', text: 'The export button is missing.' } });
    expect(body.source).toMatchObject({ from: 'data-sourcepos', line: 3, column: 1, depth: 0 });
    expect(body.htmlPosition).toMatchObject({ line: 5, column: 1 });
    const plain = await createThread(server, { text: 'Plain', elementPath: 'article > p:nth-of-type(2)' });
    const run = await runCli(['locate', plain.id, '--html', page], env);
    expect(run.stdout).toContain('Source     1:1  (data-sourcepos on the 1. ancestor)');
    expect(run.stdout).toContain(`HTML       ${page}:6:1`);
  });

  it('an ancestor stands in when the element is gone; exit 3 when nothing matches or the file is missing', async () => {
    const lost = await createThread(server, { text: 'Gone', elementPath: '#does-not-exist', parentPath: null });
    const run = await runCli(['locate', lost.id, '--html', page, '--wait', '0'], env);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('is not on');
    const standIn = await createThread(server, { text: 'Moved', elementPath: '#does-not-exist' });
    const approximate = await runJson(['locate', standIn.id, '--html', page, '--wait', '0'], env);
    expect(approximate).toMatchObject({ status: 'approximate', element: { tag: 'main' } });
    expect((await runCli(['locate', lost.id, '--html', join(dir, 'missing.html')], env)).code).toBe(3);
  });
});
