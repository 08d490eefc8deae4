/**
 * What `pinmark locate` found, for people (a few labelled lines) and for scripts (JSON); the MCP
 * tool locate_element answers the same text.
 */
import type { ThreadResponse } from '../../src/api/wire';
import type { LocateResult } from './run.ts';

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function sourceLines(result: LocateResult): string[] {
  const lines: string[] = [];
  const { hint } = result.location;
  if (hint) {
    const where = [hint.file, hint.line, hint.column].filter((v) => v !== null && v !== '').join(':');
    lines.push(`Source     ${where || hint.raw}  (${hint.from}${hint.depth ? ` on the ${hint.depth}. ancestor` : ''})`);
  }
  if (result.htmlPosition) {
    const p = result.htmlPosition;
    lines.push(`${hint ? 'HTML      ' : 'Source    '} ${p.file}:${p.line}:${p.column}  (its start tag in the page's HTML)`);
  }
  if (!lines.length)
    lines.push('Source     not given by the page (no data-source/data-sourcepos attribute; the tag is not in the raw HTML)');
  return lines;
}

export function locateJson(thread: ThreadResponse, result: LocateResult) {
  const { location } = result;
  return {
    thread: { id: thread.id, number: thread.number },
    url: result.url,
    status: location.status,
    element: location.found
      ? {
          tag: location.tag,
          selector: location.selector,
          outerHtml: location.outerHtml,
          text: location.text,
          box: location.box,
          agreeingSelectors: location.agreeing,
        }
      : null,
    source: location.hint ?? null,
    htmlPosition: result.htmlPosition,
  };
}

export function locateText(thread: ThreadResponse, result: LocateResult): string {
  const { location } = result;
  if (!location.found) return `#${thread.number}: no element on ${result.url} matches (${location.status}).\n`;
  return [
    `#${thread.number} → ${location.status} match on ${result.url}`,
    `Element    ${oneLine(location.outerHtml ?? '', 160)}`,
    `Selector   ${location.selector}`,
    ...sourceLines(result),
    '',
  ].join('\n');
}
