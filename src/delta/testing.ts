/**
 * Test-only: the meaning of rendered rich text, independent of tags and nesting, so our rendering
 * can be compared with Quill's editor DOM (Quill 2 writes every list as `<ol><li data-list>`, we
 * write `<ul>`/`<ol>`; both nest inline tags in their own order).
 */

export type LineKind = 'paragraph' | 'bullet' | 'ordered';

export interface RunMeaning {
  text: string;
  /** Sorted: bold, code, italic, link:<absolute href>, mention, strike, underline. */
  formats: string[];
}

export interface LineMeaning {
  kind: LineKind;
  runs: RunMeaning[];
}

const INLINE_TAGS: Record<string, string> = {
  STRONG: 'bold',
  B: 'bold',
  EM: 'italic',
  I: 'italic',
  U: 'underline',
  S: 'strike',
  CODE: 'code',
};

/** Quill's embed guards and list UI are editor machinery, not content. */
const GUARD = /\uFEFF/g;

function formatsOf(node: Node, line: Element): string[] {
  const formats: string[] = [];
  for (let el = node.parentElement; el && el !== line; el = el.parentElement) {
    const format = INLINE_TAGS[el.tagName];
    if (format) formats.push(format);
    if (el instanceof HTMLAnchorElement) formats.push(`link:${el.href}`);
  }
  return formats;
}

function runsOf(line: Element, isMention: (el: Element) => boolean): RunMeaning[] {
  const runs: RunMeaning[] = [];
  const add = (text: string, formats: string[]) => {
    if (!text) return;
    const sorted = [...new Set(formats)].sort();
    const last = runs[runs.length - 1];
    if (last && last.formats.join() === sorted.join() && !sorted.includes('mention')) last.text += text;
    else runs.push({ text, formats: sorted });
  };
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child instanceof Text) add((child.nodeValue ?? '').replace(GUARD, ''), formatsOf(child, line));
      else if (child instanceof Element) {
        if (child.classList.contains('ql-ui')) continue;
        if (isMention(child)) add((child.textContent ?? '').replace(GUARD, ''), [...formatsOf(child, line), 'mention']);
        else walk(child);
      }
    }
  };
  walk(line);
  return runs;
}

/** Lines of Quill's editor root (`quill.root`). List values other than 'ordered' read as bullets, as Pinmark shows them. */
export function quillMeaning(root: Element): LineMeaning[] {
  const lines: LineMeaning[] = [];
  const isMention = (el: Element) => el.classList.contains('mention');
  for (const block of Array.from(root.children)) {
    if (block.tagName === 'OL') {
      for (const li of Array.from(block.children)) {
        const kind = li.getAttribute('data-list') === 'ordered' ? 'ordered' : 'bullet';
        lines.push({ kind, runs: runsOf(li, isMention) });
      }
    } else lines.push({ kind: 'paragraph', runs: runsOf(block, isMention) });
  }
  return lines;
}

/** Lines of a `renderDelta` result mounted in the DOM (`.pm-delta`). */
export function pinmarkMeaning(root: Element): LineMeaning[] {
  const lines: LineMeaning[] = [];
  const isMention = (el: Element) => el.classList.contains('pm-mention');
  for (const block of Array.from(root.children)) {
    if (block.tagName === 'UL' || block.tagName === 'OL') {
      const kind = block.tagName === 'OL' ? 'ordered' : 'bullet';
      for (const li of Array.from(block.children)) lines.push({ kind, runs: runsOf(li, isMention) });
    } else lines.push({ kind: 'paragraph', runs: runsOf(block, isMention) });
  }
  return lines;
}
