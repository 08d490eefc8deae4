/**
 * Our rendering against Quill 2's own: Deltas written by a real Quill editor (through its API) and
 * seeded random Deltas are loaded into Quill, and the meaning of its editor DOM — text per line,
 * inline formats per run, list kinds — must equal the meaning of renderDelta's output, both for
 * the Delta as written and for what Quill gives back from getContents().
 */
import { render } from 'preact';
import Quill from 'quill';
import type EmbedType from 'quill/blots/embed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delta, DeltaOp } from '../api/wire';
import { normalizeDelta, renderDelta } from './index';
import { pinmarkMeaning, quillMeaning, type LineMeaning } from './testing';

// Quill has no mention blot; this is the shape of the common quill-mention module's.
const Embed = Quill.import('blots/embed') as typeof EmbedType;
type MentionValue = { id: string; value: string; denotationChar?: string };
const mentionValues = new WeakMap<Node, MentionValue>();
class MentionBlot extends Embed {
  static override blotName = 'mention';
  static override tagName = 'SPAN';
  static override className = 'mention';
  static override create(value: MentionValue): HTMLElement {
    const node = super.create(value) as HTMLElement;
    node.textContent = (value.denotationChar ?? '@') + value.value;
    mentionValues.set(node, value);
    return node;
  }
  static override value(node: HTMLElement): MentionValue | undefined {
    return mentionValues.get(node);
  }
}
Quill.register(MentionBlot);

let quill: Quill;
let host: HTMLElement;
let ours: HTMLElement;

beforeAll(() => {
  host = document.createElement('div');
  ours = document.createElement('div');
  document.body.append(host, ours);
  quill = new Quill(host);
});

afterAll(() => {
  render(null, ours);
  host.remove();
  ours.remove();
});

function ourMeaning(delta: unknown): LineMeaning[] {
  render(null, ours);
  render(renderDelta(delta), ours);
  return pinmarkMeaning(ours.firstElementChild as Element);
}

/** Loads `delta` into Quill and checks our rendering of it (and of Quill's own Delta) against Quill's DOM. */
function expectSameAsQuill(delta: Delta): void {
  quill.setContents(delta as never, 'api');
  expectRenderingOfQuill(delta);
}

function expectRenderingOfQuill(written?: Delta): void {
  const expected = quillMeaning(quill.root);
  const contents = quill.getContents() as unknown as Delta;
  expect(ourMeaning(contents), JSON.stringify(contents)).toEqual(expected);
  if (written) expect(ourMeaning(written), JSON.stringify(written)).toEqual(expected);
  // What we would send renders the same as well.
  expect(ourMeaning(normalizeDelta(contents))).toEqual(expected);
}

describe('renderDelta matches Quill 2', () => {
  it('line structure: empty lines, leading and trailing blank lines, whitespace', () => {
    expectSameAsQuill({ ops: [{ insert: '\nfirst\n\n\n  indented  twice\n\nlast\n\n' }] });
  });

  it('inline formats set through the API', () => {
    quill.setText('bold italic under strike code link all plain\n');
    quill.formatText(0, 4, 'bold', true);
    quill.formatText(5, 6, 'italic', true);
    quill.formatText(12, 5, 'underline', true);
    quill.formatText(18, 6, 'strike', true);
    quill.formatText(25, 4, 'code', true);
    quill.formatText(30, 4, 'link', 'https://example.com/docs?q=1');
    quill.formatText(35, 3, { bold: true, italic: true, underline: true, strike: true, link: 'mailto:ada@example.com' });
    quill.formatText(2, 8, 'italic', true);
    const formats = quillMeaning(quill.root)[0]?.runs.flatMap((run) => run.formats);
    expect(new Set(formats)).toEqual(
      new Set(['bold', 'italic', 'underline', 'strike', 'code', 'link:https://example.com/docs?q=1', 'link:mailto:ada@example.com']),
    );
    expectRenderingOfQuill();
  });

  it('lists set through the API, of every kind and mixed with paragraphs', () => {
    quill.setText('intro\none\ntwo\nthree\nfour\nbetween\nfive\n\n');
    quill.formatLine(6, 1, 'list', 'bullet');
    quill.formatLine(10, 1, 'list', 'bullet');
    quill.formatLine(14, 1, 'list', 'ordered');
    quill.formatLine(20, 1, 'list', 'checked');
    quill.formatLine(33, 1, 'list', 'unchecked');
    quill.formatLine(38, 1, 'list', 'ordered');
    quill.formatText(7, 2, 'bold', true);
    // Checkboxes read as bullets (Pinmark's degrade), so `quillMeaning` says bullet for them too.
    expect(quillMeaning(quill.root).map((line) => line.kind)).toEqual([
      'paragraph',
      'bullet',
      'bullet',
      'ordered',
      'bullet',
      'paragraph',
      'bullet',
      'ordered',
    ]);
    expectRenderingOfQuill();
  });

  it('mentions inserted through the API, formatted and next to text', () => {
    quill.setText('Hi  and \nitem \n');
    quill.insertEmbed(3, 'mention', { id: 'u1', value: 'Ada', denotationChar: '@' });
    quill.insertEmbed(9, 'mention', { id: 'u2', value: 'Bob <b>' });
    quill.formatText(9, 1, 'bold', true);
    quill.insertEmbed(16, 'mention', { id: 't', value: 'tag', denotationChar: '#' });
    quill.formatLine(12, 1, 'list', 'ordered');
    expect(quillMeaning(quill.root)).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { text: 'Hi ', formats: [] },
          { text: '@Ada', formats: ['mention'] },
          { text: ' and ', formats: [] },
          { text: '@Bob <b>', formats: ['bold', 'mention'] },
        ],
      },
      {
        kind: 'ordered',
        runs: [
          { text: 'item ', formats: [] },
          { text: '#tag', formats: ['mention'] },
        ],
      },
    ]);
    expectRenderingOfQuill();
  });

  it('a Delta without its final newline, and an empty document', () => {
    quill.setContents({ ops: [{ insert: 'no newline', attributes: { bold: true } }] } as never);
    expectRenderingOfQuill({ ops: [{ insert: 'no newline', attributes: { bold: true } }] });
    quill.setContents({ ops: [{ insert: '\n' }] } as never);
    expectRenderingOfQuill({ ops: [{ insert: '\n' }] });
  });

  it('seeded random Deltas', () => {
    const random = mulberry32(0x5eed);
    for (let i = 0; i < 150; i++) expectSameAsQuill(randomDelta(random));
  });
});

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['alpha', ' ', 'two  spaces', '<b>&amp;</b>', 'ünï', 'x', '  ', 'tail '];
const LINKS = ['https://example.com/', 'http://example.org/a?b=c#d', 'mailto:team@example.com'];
const LISTS = [undefined, undefined, 'bullet', 'ordered', 'checked', 'unchecked'];

function randomDelta(random: () => number): Delta {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const ops: DeltaOp[] = [];
  const lines = 1 + Math.floor(random() * 6);
  for (let line = 0; line < lines; line++) {
    const runs = Math.floor(random() * 5);
    for (let run = 0; run < runs; run++) {
      const attributes: Record<string, unknown> = {};
      for (const format of ['bold', 'italic', 'underline', 'strike', 'code']) if (random() < 0.25) attributes[format] = true;
      if (random() < 0.2) attributes.link = pick(LINKS);
      const insert = random() < 0.12 ? { mention: { id: `u${run}`, value: pick(['Ada', 'Bob Smith', '<i>x</i>']) } } : pick(WORDS);
      ops.push(Object.keys(attributes).length ? { insert, attributes } : { insert });
    }
    const list = pick(LISTS);
    ops.push((list ? { insert: '\n', attributes: { list } } : { insert: '\n' }) as DeltaOp);
  }
  return { ops };
}
