/**
 * The editable element's DOM as a function of the document. Rendering keeps the nodes of lines that
 * did not change, so an edit in one line leaves IME state, spell-check marks and the rest of the
 * DOM alone. Index ↔ DOM mapping goes through `serializeDom`, the same walk that reads the Delta.
 */
import type { Delta } from '../../api/wire';
import { deltaToDom, serializeDom, type DomPoint } from '../../delta/dom';
import { readSelection, writeSelection } from './selection';

export function renderInto(root: HTMLElement, delta: Delta): void {
  patch(root, deltaToDom(delta, root.ownerDocument));
}

/** Replaces only the children that differ, diving into lists so one changed item is one replaced `<li>`. */
function patch(parent: Node, next: Node): void {
  const old = [...parent.childNodes];
  const fresh = [...next.childNodes];
  let start = 0;
  while (start < old.length && start < fresh.length && old[start]!.isEqualNode(fresh[start]!)) start++;
  let oldEnd = old.length;
  let freshEnd = fresh.length;
  while (oldEnd > start && freshEnd > start && old[oldEnd - 1]!.isEqualNode(fresh[freshEnd - 1]!)) {
    oldEnd--;
    freshEnd--;
  }
  const before = old[oldEnd] ?? null;
  for (let k = start; k < freshEnd; k++) {
    const node = fresh[k]!;
    const current = k < oldEnd ? old[k]! : null;
    if (!current) parent.insertBefore(node, before);
    else if (current.nodeName === node.nodeName && /^[UO]L$/.test(node.nodeName)) patch(current, node);
    else parent.replaceChild(node, current);
  }
  for (let k = freshEnd; k < oldEnd; k++) old[k]!.remove();
}

function leaves(node: Node, out: Node[] = []): Node[] {
  node.childNodes.forEach((child) => {
    if (child.nodeType === 3 || (child as Element).classList?.contains('mention')) out.push(child);
    else leaves(child, out);
  });
  return out;
}

const indexIn = (node: Node) => [...node.parentNode!.childNodes].indexOf(node as ChildNode);

/** The DOM point of a document index in the canonical DOM `renderInto` writes. */
export function pointAt(root: HTMLElement, index: number): DomPoint {
  let point: DomPoint = [root, 0];
  for (const block of root.querySelectorAll(':scope > p, :scope > ul > li, :scope > ol > li')) {
    let last: Node | undefined;
    for (const leaf of leaves(block)) {
      const text = leaf.nodeType === 3;
      const size = text ? (leaf as Text).length : 1;
      if (index < size || (text && index === size)) return text ? [leaf, index] : [leaf.parentNode!, indexIn(leaf)];
      index -= size;
      last = leaf;
    }
    point = last ? [last.parentNode!, indexIn(last) + 1] : [block, 0];
    if (index === 0) return point;
    index--;
  }
  return point;
}

export interface IndexSelection {
  from: number;
  to: number;
  backward?: boolean | undefined;
}

/** The selection as document indices (clamped to before the final newline), if it is in `root`. */
export function readIndices(root: HTMLElement, length: number): IndexSelection | null {
  const selection = readSelection(root);
  if (!selection) return null;
  const { indices } = serializeDom(root, [
    [selection.startContainer, selection.startOffset],
    [selection.endContainer, selection.endOffset],
  ]);
  const clamp = (n: number | undefined) => Math.max(0, Math.min(n ?? 0, length - 1));
  return { from: clamp(indices[0]), to: clamp(indices[1] ?? indices[0]), backward: selection.backward };
}

export function writeIndices(root: HTMLElement, { from, to, backward }: IndexSelection): void {
  const start = pointAt(root, from);
  const end = from === to ? start : pointAt(root, to);
  writeSelection(root, backward ? end : start, backward ? start : end);
}

/** Where the caret is on screen (for the mention list), or the element's box when it has none. */
export function caretRect(root: HTMLElement, index: number): DOMRect {
  const range = root.ownerDocument.createRange();
  const [node, offset] = pointAt(root, index);
  range.setStart(node, offset);
  const rect = range.getClientRects()[0] ?? (node.nodeType === 1 ? (node as Element) : node.parentElement!).getBoundingClientRect();
  return rect;
}
