import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Delta } from '../../api/wire';
import { mod, mountRichText, settle, type EditorRig } from './testing';

let rig: EditorRig | null = null;
afterEach(() => {
  rig?.unmount();
  rig = null;
  delete (window as { pwned?: unknown }).pwned;
});

const text = (insert: string, attributes?: Delta['ops'][number]['attributes']) => (attributes ? { insert, attributes } : { insert });

/** A paste as the browser dispatches it, with exactly this clipboard. */
function paste(target: HTMLElement, data: Record<string, string>, files: File[] = []): ClipboardEvent {
  const clipboardData = new DataTransfer();
  for (const [type, value] of Object.entries(data)) clipboardData.setData(type, value);
  for (const file of files) clipboardData.items.add(file);
  const event = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true, composed: true });
  target.dispatchEvent(event);
  return event;
}

/** Tags and attributes in the editor's DOM that are not its own canonical markup. */
function foreignMarkup(root: HTMLElement): string[] {
  const allowed = /^(p|ul|ol|li|br|strong|em|u|s|code|a|span)$/;
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (!allowed.test(element.localName)) found.push(element.localName);
    for (const { name } of element.attributes) {
      const ok =
        (element.localName === 'a' && name === 'href') ||
        (element.localName === 'span' && /^(class|contenteditable|data-(id|value|denotation-char))$/.test(name));
      if (!ok) found.push(`${element.localName}[${name}]`);
    }
  }
  return found;
}

const HOSTILE = `
  <html><head><title>t</title><style>p { color: red }</style><script>window.pwned = 1</script></head>
  <body onload="window.pwned = 2">
    <p onclick="window.pwned = 3" style="color:red;font-size:40px;background:url(https://evil.test/x)" class="x" id="y">
      Hi <b onmouseover="window.pwned = 4">bold</b>
      <img src="x" onerror="window.pwned = 5"><iframe src="https://evil.test/"></iframe>
      <a href="javascript:window.pwned=6">js link</a> <a href="https://ok.test/" target="_blank" onclick="x()">ok</a>
      <a href="/relative">rel</a>
    </p>
    <svg><script>window.pwned = 7</script><text>svg text</text></svg>
    <ul><li>one<ul><li>nested <i style="color:blue">two</i></li></ul></li></ul>
    <object data="x.swf">object</object><embed src="x"><form><input value="v"><button>btn</button></form>
    <table><tr><td>cell</td></tr></table>
    <div hidden>secret</div><span style="display:none">hidden</span>
    <template><p>tpl</p></template><noscript>ns</noscript>
    <math><mi>x</mi></math>
    <details><summary>sum</summary>det</details>
  </body></html>`;

describe('paste', () => {
  it('keeps only supported formats from hostile HTML; nothing runs, nothing foreign lands in the DOM', async () => {
    rig = await mountRichText();
    const event = paste(rig.input, { 'text/html': HOSTILE, 'text/plain': 'plain version' });
    expect(event.defaultPrevented).toBe(true);
    await settle();
    expect(rig.value()).toEqual({
      ops: [
        text('Hi '),
        text('bold', { bold: true }),
        text(' js link '),
        text('ok', { link: 'https://ok.test/' }),
        text(' rel\none'),
        text('\n', { list: 'bullet' }),
        text('nested '),
        text('two', { italic: true }),
        text('\n', { list: 'bullet' }),
        text('cell\nsum\ndet\n'),
      ],
    });
    expect(foreignMarkup(rig.input)).toEqual([]);
    expect((window as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it('reads formats from word-processor styles (Google Docs wraps everything in a non-bold <b>)', async () => {
    rig = await mountRichText();
    paste(rig.input, {
      'text/html':
        '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:700">Bold</span> and ' +
        '<span style="font-style:italic">it</span> <span style="text-decoration:underline line-through">both</span></p></b>',
    });
    expect(rig.value()).toEqual({
      ops: [
        text('Bold', { bold: true }),
        text(' and '),
        text('it', { italic: true }),
        text(' '),
        text('both', { underline: true, strike: true }),
        text('\n'),
      ],
    });
  });

  it('inserts at the caret, replacing the selection; a final list line stays a list item', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('abXXcd{ArrowLeft}{ArrowLeft}{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}');
    paste(rig.input, { 'text/html': '<p>one</p><p><em>two</em></p>' });
    expect(rig.value()).toEqual({ ops: [text('abone\n'), text('two', { italic: true }), text('cd\n')] });
    // The caret is after what was pasted (and typing there continues its format).
    await userEvent.keyboard('!');
    expect(rig.value()).toEqual({ ops: [text('abone\n'), text('two!', { italic: true }), text('cd\n')] });

    paste(rig.input, { 'text/html': '<ol><li data-list="bullet">q1</li><li data-list="ordered">q2</li></ol>' });
    expect(rig.value()).toEqual({
      ops: [
        text('abone\n'),
        text('two!', { italic: true }),
        text('q1'),
        text('\n', { list: 'bullet' }),
        text('q2'),
        text('\n', { list: 'ordered' }),
        text('cd\n'),
      ],
    });
  });

  it('pastes plain text as text, keeping its lines; markup in it stays text', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`${mod('b')}x`);
    paste(rig.input, { 'text/plain': 'line <b>1</b>\r\nline 2' });
    expect(rig.value()).toEqual({ ops: [text('x', { bold: true }), text('line <b>1</b>\nline 2\n')] });
    expect(rig.input.querySelectorAll('b')).toHaveLength(0);
  });

  it('leaves a paste with files to the composer: not prevented, nothing inserted', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('keep');
    const seen: Event[] = [];
    // The composer listens on its dialog, above the editor.
    rig.root.addEventListener('paste', (event) => {
      seen.push(event);
      event.preventDefault();
    });
    const before = rig.changes.length;
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    paste(rig.input, { 'text/html': '<img src="blob:x">' }, [file]);
    await settle();
    expect(seen).toHaveLength(1);
    expect((seen[0] as ClipboardEvent).clipboardData!.files).toHaveLength(1);
    expect(rig.changes.length).toBe(before);
    expect(rig.value()).toEqual({ ops: [text('keep\n')] });
  });

  it('a real copy and paste inside the editor keeps formats and mentions', async () => {
    rig = await mountRichText({
      value: {
        ops: [
          text('hey '),
          { insert: { mention: { id: 'u1', value: 'Ada', denotationChar: '@' } } },
          text(' look', { bold: true }),
          text('\n'),
        ],
      },
    });
    await userEvent.keyboard(`{End}${mod('a')}`);
    await userEvent.copy();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await userEvent.paste();
    expect(rig.value()).toEqual({
      ops: [
        text('hey '),
        { insert: { mention: { id: 'u1', value: 'Ada', denotationChar: '@' } } },
        text(' look', { bold: true }),
        text('\nhey '),
        { insert: { mention: { id: 'u1', value: 'Ada', denotationChar: '@' } } },
        text(' look', { bold: true }),
        text('\n'),
      ],
    });
  });
});

describe('cut', () => {
  it('a real cut removes the selection and a paste brings it back', async () => {
    rig = await mountRichText({ value: { ops: [text('keep '), text('move', { bold: true }), text(' end\n')] } });
    await userEvent.keyboard(
      '{End}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}',
    );
    await userEvent.cut();
    await settle();
    expect(rig.value()).toEqual({ ops: [text('keep  end\n')] });
    await userEvent.keyboard('{End}');
    await userEvent.paste();
    expect(rig.value()).toEqual({ ops: [text('keep  end'), text('move', { bold: true }), text('\n')] });
  });
});
