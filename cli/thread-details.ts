/**
 * One thread with everything an agent needs to act on it: the thread as the API gives it, its
 * markup's name, the link to it in the review app, its diagnostics file read back (console errors,
 * failed requests) and its selectors made readable. Shared by `pinmark show`, `export --format md`
 * and the MCP server, so all three say the same things.
 */
import type { Attachment, ThreadResponse } from '../src/api/wire';
import { MARKS } from '../src/anchor/fingerprint';
import { diagnosticsView, DIAGNOSTICS_FILENAME, type DiagnosticsView } from '../src/state/actions/diagnostics-summary';
import { threadAppLink } from '../src/api/wire/app-links';
import type { ApiClient } from './api-client.ts';
import { CliError } from './errors.ts';

export interface ThreadDetails {
  thread: ThreadResponse;
  markupName: string | null;
  /** The thread in the review app. */
  link: string;
  /** Null: the thread has no diagnostics file; `error` set when it could not be read. */
  diagnostics: DiagnosticsView | null;
  diagnosticsError?: string;
  element: ElementSummary;
}

export interface ElementSummary {
  /** The stored selectors, each without its content marks (see `marked`). */
  selectors: string[];
  /** How many selectors carry a content mark (`:not([data-pinmark=…])`, a fingerprint of the text). */
  marked: number;
  /** Where inside the element the pin sits, in percent of its box. */
  spot: { x: number; y: number } | null;
  /** Ancestor paths, nearest first (depth 1 = parent). */
  ancestors: { depth: number; path: string }[];
  /** One sentence for people and models. */
  description: string;
}

export function readableSelector(path: string): string {
  return path.replace(MARKS, '');
}

export function elementSummary(thread: ThreadResponse): ElementSummary {
  const elements = Array.isArray(thread.elements) ? thread.elements : [];
  const parents = Array.isArray(thread.parents) ? thread.parents : [];
  const selectors = [...new Set(elements.map((e) => readableSelector(e.path)).filter(Boolean))];
  const marked = elements.filter((e) => MARKS.test(e.path)).length;
  const first = elements[0];
  const spot = first ? { x: round(first.offsetXPercentage), y: round(first.offsetYPercentage) } : null;
  const ancestors = [...parents].sort((a, b) => a.depth - b.depth).map((p) => ({ depth: p.depth, path: readableSelector(p.path) }));
  const description = selectors.length
    ? `Pinned on the element ${selectors.length > 1 ? `that ${selectors.length} selectors agree on` : 'matched by one selector'}` +
      `${spot ? `, at ${spot.x}% × ${spot.y}% of its box` : ''}${marked ? `; ${marked} selector(s) also check its text` : ''}` +
      `${ancestors.length ? `; ${ancestors.length} ancestor path(s) kept as fallback` : ''}.`
    : 'Pinned on the page itself (no element), by its position on the page.';
  return { selectors, marked, spot, ancestors, description };
}

function round(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 10) / 10 : Number.NaN;
}

export function diagnosticsAttachment(thread: ThreadResponse): Attachment | undefined {
  return thread.messages?.[0]?.attachments?.find((a) => a.originalFilename === DIAGNOSTICS_FILENAME && a.mimeType === 'application/json');
}

export async function threadDetails(client: ApiClient, thread: ThreadResponse): Promise<ThreadDetails> {
  const [markupName, diagnostics] = await Promise.all([
    client.markup(thread.projectId).then(
      (m) => m.name,
      () => null,
    ),
    readDiagnostics(client, thread),
  ]);
  return {
    thread,
    markupName,
    link: threadAppLink(client.origin, thread.id),
    ...diagnostics,
    element: elementSummary(thread),
  };
}

async function readDiagnostics(
  client: ApiClient,
  thread: ThreadResponse,
): Promise<Pick<ThreadDetails, 'diagnostics' | 'diagnosticsError'>> {
  const attachment = diagnosticsAttachment(thread);
  if (!attachment) return { diagnostics: null };
  try {
    const { bytes } = await client.file(attachment.url);
    return { diagnostics: diagnosticsView(JSON.parse(bytes.toString('utf8'))) };
  } catch (error) {
    return { diagnostics: null, diagnosticsError: error instanceof CliError || error instanceof Error ? error.message : String(error) };
  }
}

/** The thread's title: its first message's first line. */
export function threadTitle(thread: ThreadResponse): string {
  const text = thread.messages?.[0]?.message ?? '';
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 120) || '(no text)'
  );
}
