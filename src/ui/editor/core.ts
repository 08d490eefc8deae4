/**
 * The editing engine behind RichTextEditor, without Preact: it owns the document, the undo history
 * and the contenteditable element's listeners (one ListenerCollection, so `destroy()` removes all).
 *
 * The document is the truth and the DOM is rendered from it. Edits whose result we can compute
 * (typing, Enter, deletions, formats, paste, undo) are cancelled in `beforeinput` and applied to the
 * document, so every browser ends with the same DOM. Whatever we leave to the browser (IME
 * composition, cut, drag and drop, formatting from a native menu, input types we don't know) is
 * read back from the DOM with `domToDelta` afterwards: nothing typed is lost, and nothing
 * unsupported survives.
 *
 * A closure rather than a class: its private state then minifies (this is a lazily loaded chunk).
 */
import type { Delta, MentionEmbed } from '../../api/wire';
import { attributesKey, deltaToDom, domToDelta, serializeDom } from '../../delta/dom';
import { ListenerCollection } from '../../util/listener-collection';
import { natives } from '../../util/natives';
import * as m from './model';
import { caretRect, readIndices, renderInto, writeIndices } from './view';

/** Comparisons go through pristine JSON: a host page's `JSON.stringify` may truncate or reshape. */
const stringify = (value: unknown): string => natives().stringify(value);

export interface EditorEvents {
  /** The content changed; `delta` is normalized and ends in '\n'. */
  change(delta: Delta): void;
  /** Selection, formats or content changed: the toolbar and mention list re-read. */
  update(): void;
  error(error: unknown): void;
}

export interface Editor {
  /** What onChange last delivered (or the loaded content). */
  value(): Delta;
  doc(): m.Doc;
  /** Replaces the content (a reset after posting, a draft, a message to edit); history starts over. */
  load(value: Delta | undefined): void;
  /** Whether `value` is what the editor holds already (attribute order and op splits aside). */
  shows(value: Delta): boolean;
  focus(): void;
  /**
   * Takes the live selection: selectionchange arrives as a later task, so a shortcut pressed right
   * after Shift+Arrow would otherwise act on the old one. False when the selection is elsewhere.
   */
  readSelection(): boolean;
  /** Formats at the selection, for the toolbar. */
  formats(): m.Attrs;
  mentionQuery(): { start: number; query: string } | null;
  caretRect(): DOMRect;
  linkRange(): { from: number; to: number; href: string | null };
  /** Links [from, to), or at a caret inserts the URL itself as linked text; `null` removes the link. */
  setLink(from: number, to: number, href: string | null): void;
  /** Replaces the `@query` (from `start` to the caret) with a mention and a space. */
  insertMention(start: number, mention: MentionEmbed): void;
  toggle(format: m.InlineFormat): void;
  toggleList(kind: m.ListKind): void;
  /** Editing shortcuts; true when the key was ours (the caller prevents its default). */
  keydown(event: KeyboardEvent): boolean;
  destroy(): void;
}

type Snapshot = m.State & { backward?: boolean };
const KEYS: Record<string, m.InlineFormat> = { b: 'bold', i: 'italic', u: 'underline', e: 'code', x: 'strike' };
/** Pasted HTML beyond this is taken as its plain text: parsing it could stall the page. */
const MAX_PASTE_HTML = 1e6;

export function createEditor(root: HTMLElement, initial: Delta | undefined, events: EditorEvents): Editor {
  let state: Snapshot;
  let value: Delta;
  /** Formats chosen at a caret (Ctrl+B with nothing selected), for the next character typed there. */
  let pending: { at: number; attrs: m.Attrs } | null = null;
  let composing = false;
  let undos: Snapshot[] = [];
  let redos: Snapshot[] = [];
  let lastKind = '';
  let lastTime = 0;
  let stopWatching: (() => void) | undefined;
  const listeners = new ListenerCollection(events.error);
  const focused = () => root.matches(':focus');
  const focus = () => {
    root.focus({ preventScroll: true });
    writeIndices(root, state);
  };

  const load = (next: Delta | undefined) => {
    renderInto(root, next ?? { ops: [] });
    // Read back what was rendered: the document is exactly what the DOM can show.
    value = domToDelta(root);
    const doc = m.fromDelta(value);
    state = { doc, from: doc.length - 1, to: doc.length - 1 };
    undos = [];
    redos = [];
    pending = null;
    if (focused()) writeIndices(root, state);
    events.update();
  };

  const readSelection = () => {
    const selection = readIndices(root, state.doc.length);
    if (selection) state = { ...state, ...selection };
    if (pending && (!selection || state.from !== pending.at || state.to !== pending.at)) pending = null;
    return !!selection;
  };

  const formats = () => ({ ...m.formatsIn(state), ...(pending?.at === state.from && pending.attrs) });

  /** One undo step per burst of typing, one per any other edit; at most 100 kept. */
  const remember = (kind: string) => {
    const now = Date.now();
    if (kind !== 'type' || lastKind !== kind || now - lastTime > 1000) undos = [...undos.slice(-99), state];
    redos = [];
    lastKind = kind;
    lastTime = now;
  };

  const apply = (next: Snapshot) => {
    const changed = next.doc !== state.doc;
    state = next;
    pending = null;
    if (changed) renderInto(root, (value = m.toDelta(next.doc)));
    focus();
    if (changed) events.change(value);
    events.update();
  };

  const commit = (next: m.State, kind = '') => {
    if (next.doc !== state.doc) remember(kind);
    apply(next);
  };

  /** Where the caret stood right after a mention's own space (-1: nowhere). */
  let spaceAfterMention = -1;

  const undo = (redo?: boolean) => {
    const snapshot = (redo ? redos : undos).pop();
    if (!snapshot) return;
    (redo ? undos : redos).push(state);
    apply(snapshot);
  };

  const toggle = (format: m.InlineFormat) => {
    if (state.from !== state.to) return commit(m.toggleInline(state, format));
    const attrs = formats();
    pending = { at: state.from, attrs: { ...attrs, [format]: !attrs[format] || undefined } };
    focus();
    events.update();
  };

  /** The browser's intended range (a whole emoji, a word), as indices. */
  const targetRange = (event: InputEvent): [number, number] | undefined => {
    const range = event.getTargetRanges?.()[0];
    if (!range) return;
    const [from = -1, to = -1] = serializeDom(root, [
      [range.startContainer, range.startOffset],
      [range.endContainer, range.endOffset],
    ]).indices;
    const max = state.doc.length - 1;
    return from < 0 || to < 0 ? undefined : [Math.min(from, to, max), Math.min(Math.max(from, to), max)];
  };

  const beforeInput = (event: InputEvent) => {
    if (composing || event.isComposing || !event.cancelable || !readSelection()) return;
    const type = event.inputType;
    // A mention comes with its space; the space people type after a name out of habit is that one
    // (it made "@Ada  thanks", two spaces, in the message and its plain text). A second one types.
    const typedAfterMention = spaceAfterMention === state.from && state.from === state.to;
    spaceAfterMention = -1;
    if (typedAfterMention && type === 'insertText' && event.data === ' ') return event.preventDefault();
    const range = targetRange(event);
    let next: m.State | undefined;
    let kind = '';
    if (type === 'insertText' || type === 'insertReplacementText') {
      const text = event.data ?? event.dataTransfer?.getData('text/plain');
      if (text == null) return;
      const at = type !== 'insertText' && range ? { ...state, from: range[0], to: range[1] } : state;
      const first = at.doc[at.from];
      const attrs =
        pending?.at === at.from ? pending.attrs : at.from < at.to && m.isText(first) ? first!.a : m.typingFormats(at.doc, at.from);
      next = m.replace(at, m.textItems(at, text, attrs));
      if (text.length === 1 && at.from === at.to) kind = 'type';
    } else if (type === 'insertParagraph' || type === 'insertLineBreak') {
      next = m.enter(state);
    } else if (type === 'deleteContentBackward' || type === 'deleteContentForward') {
      next = m.deleteChar(state, type === 'deleteContentForward', range);
    } else if (type.startsWith('delete') && !/Drag|Cut/.test(type)) {
      // Words, lines: the browser knows the extent; without one it deletes itself. A cut or a drag
      // stays the browser's (the clipboard, the drop) and is read back.
      const [from, to] = state.from < state.to ? [state.from, state.to] : (range ?? [0, 0]);
      if (from === to) return;
      next = m.replace({ ...state, from, to }, []);
    } else if (type.startsWith('history')) {
      event.preventDefault();
      return undo(type === 'historyRedo');
    } else {
      return;
    }
    event.preventDefault();
    commit(next, kind);
  };

  const paste = (event: ClipboardEvent) => {
    const data = event.clipboardData;
    // Files are attachments, the composer's business: the event goes on untouched.
    if (!data || data.files.length || [...data.items].some((item) => item.kind === 'file') || !readSelection()) return;
    event.preventDefault();
    const html = data.getData('text/html');
    let items: m.Item[];
    if (html && html.length <= MAX_PASTE_HTML) {
      // An inert document: nothing in it loads or runs, and only its formats reach the editor.
      items = m.fromDelta(domToDelta(new DOMParser().parseFromString(html, 'text/html').body, { paste: true }));
      // The last newline is structure, unless it carries a list (then it is a list item of its own).
      if (!items[items.length - 1]!.a) items.pop();
    } else {
      items = m.textItems(state, data.getData('text/plain'), undefined);
    }
    if (items.length) commit(m.replace(state, items));
  };

  /** After a change the browser made itself: read it back, and put the DOM in canonical form. */
  const syncFromDom = () => {
    const delta = domToDelta(root);
    const doc = m.fromDelta(delta);
    const selection = readIndices(root, doc.length);
    const changed = stringify(delta) !== stringify(value);
    const max = doc.length - 1;
    const next = { ...state, ...selection, doc };
    next.from = Math.min(next.from, max);
    next.to = Math.min(next.to, max);
    if (changed) remember('native');
    state = next;
    renderInto(root, (value = delta));
    if (selection) writeIndices(root, next);
    if (changed) events.change(delta);
    events.update();
  };

  load(initial);
  listeners.add(root, 'beforeinput', (event) => beforeInput(event as InputEvent));
  listeners.add(root, 'input', () => composing || syncFromDom());
  listeners.add(root, 'compositionstart', () => (composing = true));
  listeners.add(root, 'compositionend', () => {
    composing = false;
    syncFromDom();
  });
  listeners.add(root, 'paste', (event) => paste(event as ClipboardEvent));
  // The selection is only watched while we have focus: no document listener otherwise.
  listeners.add(root, 'focus', () => {
    stopWatching?.();
    stopWatching = listeners.add(root.ownerDocument, 'selectionchange', () => readSelection() && events.update());
  });
  listeners.add(root, 'blur', () => {
    stopWatching?.();
    events.update();
  });

  return {
    value: () => value,
    doc: () => state.doc,
    load,
    shows(other) {
      const key = (delta: Delta) => stringify(m.toDelta(m.fromDelta(delta)).ops.map((op) => [op.insert, attributesKey(op.attributes)]));
      return key(domToDelta(deltaToDom(other, root.ownerDocument))) === key(value);
    },
    focus,
    readSelection,
    formats,
    mentionQuery: () => (composing || !focused() ? null : m.mentionQuery(state)),
    caretRect: () => caretRect(root, state.from),
    linkRange: () => m.linkRange(state),
    setLink(from, to, href) {
      const at = { ...state, from, to };
      commit(
        from < to || !href
          ? { ...m.formatText(at, 'link', href), from: to }
          : m.replace(at, m.textItems(at, href, { ...m.typingFormats(at.doc, from), link: href })),
      );
    },
    insertMention(start, mention) {
      commit(m.replace({ ...state, from: start }, [{ i: mention }, { i: ' ' }]));
      spaceAfterMention = state.from;
    },
    toggle,
    toggleList: (kind) => commit(m.toggleList(state, kind)),
    keydown(event) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
      // The printed letter on Latin layouts; the key's position on others (Cyrillic, Shift+digits).
      const key = (/^[a-z]$/i.test(event.key) ? event.key : /^(Key|Digit)/.test(event.code) ? event.code.slice(-1) : '').toLowerCase();
      const shift = event.shiftKey;
      if (KEYS[key] && shift === (key === 'x')) toggle(KEYS[key]);
      else if (key === 'z' || key === 'y') undo(shift || key === 'y');
      else if (shift && (key === '7' || key === '8')) commit(m.toggleList(state, key === '7' ? 'ordered' : 'bullet'));
      else return false;
      return true;
    },
    destroy: () => listeners.removeAll(),
  };
}
