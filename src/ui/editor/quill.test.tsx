/**
 * Quill 2 must load what our editor writes unchanged: Deltas produced by really typing into our
 * editor go through `quill.setContents` and come back equal from `quill.getContents()`.
 */
import Quill from 'quill';
import type EmbedType from 'quill/blots/embed';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Delta } from '../../api/wire';
import type { MentionCandidate } from './MentionList';
import { mod, mountRichText, settle, type EditorRig } from './testing';

// Quill has no mention blot; a minimal one in the shape of the common quill-mention module's.
const Embed = Quill.import('blots/embed') as typeof EmbedType;
type MentionValue = { id: string; value: string; denotationChar?: string };
class MentionBlot extends Embed {
  static override blotName = 'mention';
  static override tagName = 'SPAN';
  static override className = 'mention';
  static override create(value: MentionValue): HTMLElement {
    const node = super.create(value) as HTMLElement;
    node.dataset.id = value.id;
    node.dataset.value = value.value;
    if (value.denotationChar) node.dataset.denotationChar = value.denotationChar;
    node.textContent = (value.denotationChar ?? '@') + value.value;
    return node;
  }
  static override value(node: HTMLElement): MentionValue {
    const { id = '', value = '', denotationChar } = node.dataset;
    return denotationChar ? { id, value, denotationChar } : { id, value };
  }
}

let quill: Quill;
let quillHost: HTMLElement;
beforeAll(() => {
  Quill.register(MentionBlot);
  quillHost = document.createElement('div');
  document.body.append(quillHost);
  quill = new Quill(quillHost);
});
afterAll(() => quillHost.remove());

let rig: EditorRig | null = null;
afterEach(() => {
  rig?.unmount();
  rig = null;
});

const PEOPLE: MentionCandidate[] = [
  { id: 'u1', name: 'Ada Lovelace' },
  { id: 'u2', name: 'Grace Hopper' },
];

/** What Quill makes of our Delta. */
function throughQuill(ours: Delta): unknown {
  quill.setContents(ours as never, 'api');
  return JSON.parse(JSON.stringify(quill.getContents()));
}

async function typed(keys: string[]): Promise<Delta> {
  rig = await mountRichText({ mentions: () => PEOPLE });
  for (const key of keys) {
    await userEvent.keyboard(key);
    await settle();
  }
  return rig.value();
}

describe('Quill 2 loads what we write, unchanged', () => {
  // Each case names what its Delta must contain, so a typing slip cannot make it trivially pass.
  const cases: Array<[string, string[], string[]]> = [
    ['plain lines, empty lines, repeated and trailing spaces', ['Hello  world {Enter}{Enter}second{Enter}  '], []],
    [
      'every inline format and their combinations',
      [
        `${mod('b')}bold${mod('i')}both${mod('b')}it${mod('i')} ${mod('u')}u${mod('{Shift>}x{/Shift}')}us${mod('u')}${mod('{Shift>}x{/Shift}')} ${mod('e')}code()${mod('e')} end`,
      ],
      ['bold', 'italic', 'underline', 'strike', 'code'],
    ],
    [
      'a format applied to a selection across lines',
      ['one{Enter}two{Enter}three', `{Shift>}{ArrowUp}{ArrowUp}{/Shift}${mod('b')}`],
      ['bold'],
    ],
    [
      'links, on a selection and at a caret, with other formats',
      [
        `go here${mod('{Shift>}{ArrowLeft}{/Shift}')}`,
        `${mod('b')}${mod('k')}`,
        'example.com/a?b=c{Enter}',
        `{End} or ${mod('k')}`,
        'ada@example.com{Enter}',
      ],
      ['link', 'bold'],
    ],
    [
      'bullet and numbered lists with an empty item, and leaving them',
      [
        `${mod('{Shift>}8{/Shift}')}a{Enter}{Enter}`,
        'p{Enter}',
        mod('{Shift>}7{/Shift}'),
        'n1{Enter}n2{ArrowUp}{End}{Enter}',
        '{ArrowDown}{End}{Enter}{Enter}tail',
      ],
      ['bullet', 'ordered'],
    ],
    [
      'mentions at line start, mid-line and in a list item',
      ['@ad{Enter}said hi to @gr{Enter}', '{Enter}', mod('{Shift>}8{/Shift}'), 'ask @a{Enter}'],
      ['mention', 'bullet'],
    ],
    ['unicode and text that looks like markup', ['héllo wörld — <b>&amp;</b> ', '日本語{Enter}'], []],
  ];

  const features = (delta: Delta) =>
    new Set(
      delta.ops.flatMap((op) => [
        ...Object.entries(op.attributes ?? {}).map(([k, v]) => (k === 'list' ? String(v) : k)),
        ...(typeof op.insert === 'string' ? [] : Object.keys(op.insert)),
      ]),
    );

  for (const [name, keys, expected] of cases) {
    it(name, async () => {
      const ours = await typed(keys);
      expect([...features(ours)].sort()).toEqual([...expected].sort());
      expect(throughQuill(ours)).toEqual(ours);
    });
  }

  it('spot checks: what those Deltas contain', async () => {
    const lists = await typed([`${mod('{Shift>}8{/Shift}')}a{Enter}{Enter}`, 'p']);
    expect(lists).toEqual({ ops: [{ insert: 'a' }, { insert: '\n', attributes: { list: 'bullet' } }, { insert: 'p\n' }] });
    rig!.unmount();
    const mentions = await typed(['@gr{Enter}']);
    expect(mentions).toEqual({
      ops: [{ insert: { mention: { id: 'u2', value: 'Grace Hopper', denotationChar: '@' } } }, { insert: ' \n' }],
    });
  });

  it('pasted rich HTML, cleaned, loads unchanged too', async () => {
    rig = await mountRichText();
    const clipboardData = new DataTransfer();
    clipboardData.setData(
      'text/html',
      '<h1 style="color:red">Title</h1><p>Some <b><i>bold italic</i></b>, <a href="https://x.test">link</a>, <code>code</code> 🎉</p><ol><li>one</li><li>two<ul><li>sub</li></ul></li></ol><blockquote>quote</blockquote>',
    );
    rig.input.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    const ours = rig.value();
    expect(ours.ops.some((op) => op.attributes?.list === 'ordered')).toBe(true);
    expect(throughQuill(ours)).toEqual(ours);
  });
});
