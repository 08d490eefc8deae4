/**
 * `pinmark locate`: from a comment to the code that renders its element. Runs the widget's own
 * anchoring on a page (headless Chromium) and prints the element, a selector for it, and its source
 * position where the page gives one.
 */
import { API_HELP, API_OPTIONS, jsonOut, stringOption, type Command } from '../command.ts';
import { EXIT, usageError } from '../errors.ts';
import { locateJson, locateText } from '../locate/format.ts';
import { locateOnPage } from '../locate/run.ts';
import { findThread, markupIdOf } from '../lookup.ts';

export const locateCommand: Command = {
  name: 'locate',
  summary: "find a thread's element on a page (and its source line)",
  usesApi: true,
  options: { ...API_OPTIONS, html: { type: 'string' }, markup: { type: 'string' }, wait: { type: 'string' }, json: { type: 'boolean' } },
  help: `Usage: pinmark locate <number|id> [--html FILE|URL] [--markup M] [--wait MS] [--json]

Opens the page in headless Chromium (at the reviewer's viewport size), runs the widget's own
anchoring on it (the thread's selectors vote, content marks and ancestors as fallbacks) and prints
the element it finds: the head of its HTML, a selector that matches it alone, and its source
position — from a data-sourcepos / data-source / data-astro-source-* / data-v-inspector attribute
or a React development build on it or an ancestor, and its start tag's line in the page's HTML
(the file given, or the HTML the URL answered). Exit 3 when no element is found.

  --html FILE|URL   the page: a saved HTML file or an http(s) URL (default: the thread's page)
  --markup M        the site whose thread number this is (id, name or URL)
  --wait MS         how long a late-rendering page may take to show the element (default 3000)
  --json            {"thread", "url", "status", "element": {…} | null, "source", "htmlPosition"}
${API_HELP}
`,
  async run(context) {
    const [ref, extra] = context.positionals;
    if (!ref || extra) throw usageError('locate takes one thread: pinmark locate <number|id> --html FILE|URL');
    const waitMs = Number(stringOption(context.values, 'wait') ?? 3000);
    if (!Number.isFinite(waitMs) || waitMs < 0 || waitMs > 60_000) throw usageError('--wait is milliseconds, 0 to 60000');
    const client = context.client();
    const thread = await findThread(client, ref, await markupIdOf(client, stringOption(context.values, 'markup')));
    const target = stringOption(context.values, 'html') ?? thread.originalUrl ?? thread.canonicalUrl;
    if (!target) throw usageError(`Thread #${thread.number} names no page: pass --html FILE|URL`);
    const result = await locateOnPage(thread, target, waitMs);
    const { location } = result;
    if (context.values.json) {
      jsonOut(context, locateJson(thread, result));
      return location.found ? EXIT.ok : EXIT.notFound;
    }
    if (!location.found) {
      context.err(`pinmark locate: thread #${thread.number}'s element is not on ${result.url} (${location.status})\n`);
      return EXIT.notFound;
    }
    context.out(locateText(thread, result));
  },
};
