/** `pinmark show`: one thread whole — text, element, browser, diagnostics, messages, screenshot. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_HELP, API_OPTIONS, jsonOut, stringOption, type Command } from '../command.ts';
import { usageError } from '../errors.ts';
import { findThread, markupIdOf } from '../lookup.ts';
import { screenshotOf } from '../screenshot.ts';
import { threadDetails } from '../thread-details.ts';
import { threadMarkdown, threadText } from '../thread-render.ts';

export const showCommand: Command = {
  name: 'show',
  summary: 'one thread whole: messages, element, browser, diagnostics, screenshot',
  usesApi: true,
  options: {
    ...API_OPTIONS,
    markup: { type: 'string' },
    screenshot: { type: 'string' },
    json: { type: 'boolean' },
    markdown: { type: 'boolean' },
  },
  help: `Usage: pinmark show <number|id> [--markup M] [--screenshot FILE] [--json | --markdown]

Shows a thread: status, site, page, device and browser, the pinned element's selectors (and its
ancestors' as fallback), the diagnostics recorded with it (console errors, failed requests), every
message, and the screenshot's size.

  --markup M          the site whose thread number this is (id, name or URL)
  --screenshot FILE   save the screenshot to FILE (exit 3 when the thread has none)
  --json              {"thread", "markupName", "link", "diagnostics", "element", "screenshotFile"}
  --markdown          the thread as Markdown (for an issue or an agent's context)
${API_HELP}
`,
  async run(context) {
    const [ref, extra] = context.positionals;
    if (!ref || extra) throw usageError('show takes one thread: pinmark show <number|id>');
    if (context.values.json && context.values.markdown) throw usageError('--json and --markdown exclude each other');
    const client = context.client();
    const thread = await findThread(client, ref, await markupIdOf(client, stringOption(context.values, 'markup')));
    const details = await threadDetails(client, thread);
    let screenshotFile: string | undefined;
    const target = stringOption(context.values, 'screenshot');
    if (target) {
      const { bytes } = await screenshotOf(client, thread);
      screenshotFile = resolve(target);
      writeFileSync(screenshotFile, bytes);
    }
    if (context.values.json) return jsonOut(context, { ...details, screenshotFile: screenshotFile ?? null });
    context.out(context.values.markdown ? threadMarkdown(details) : threadText(details, screenshotFile));
  },
};
