import { h, render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Widget, type WidgetContext } from '../hooks';
import css from './editor.css?inline';
import { RichTextEditor } from './RichTextEditor';
import { mod, mountRichText, settle, type EditorRig, finishRig, text } from './testing';

let rig: EditorRig | null = null;
afterEach(() => {
  finishRig(rig);
  rig = null;
});

const focused = () => rig!.root.activeElement;

describe('submit, cancel, value and lifecycle', () => {
  it('Ctrl+Enter submits and Esc cancels; without handlers the keys go on to the dialog', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`hi${mod('{Enter}')}`);
    expect(rig.submits).toBe(1);
    expect(rig.value()).toEqual({ ops: [text('hi\n')] });
    await userEvent.keyboard('{Escape}');
    expect(rig.cancels).toBe(1);

    await rig.rerender({ onSubmit: undefined, onCancel: undefined });
    const seen: string[] = [];
    rig.root.addEventListener('keydown', (event) => seen.push((event as KeyboardEvent).key));
    await userEvent.keyboard(`${mod('{Enter}')}{Escape}`);
    expect(seen).toContain('Enter');
    expect(seen).toContain('Escape');
    expect(rig.value()).toEqual({ ops: [text('hi\n')] });
  });

  it('loads a new value (reset after posting, a draft) but not the one it emitted', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('draft');
    await rig.rerender({ value: rig.value() });
    await userEvent.keyboard('ed');
    expect(rig.value()).toEqual({ ops: [text('drafted\n')] });
    // An equal Delta written another way (attributes reordered, split ops) is not a reload either.
    await rig.rerender({ value: { ops: [text('draft'), text('ed\n')] } });
    await userEvent.keyboard('!');
    expect(rig.value()).toEqual({ ops: [text('drafted!\n')] });

    const changes = rig.changes.length;
    await rig.rerender({ value: { ops: [text('\n')] } });
    expect(rig.input.textContent).toBe('');
    expect(rig.changes.length).toBe(changes);
    rig.handle.current!.setValue({ ops: [text('from '), text('draft', { italic: true }), text('\n')] });
    expect(rig.handle.current!.getValue()).toEqual({ ops: [text('from '), text('draft', { italic: true }), text('\n')] });
    rig.handle.current!.focus();
    await userEvent.keyboard(' more');
    // Typing at the end of a format continues it, as in Quill.
    expect(rig.value()).toEqual({ ops: [text('from '), text('draft more', { italic: true }), text('\n')] });
  });

  it('autoFocus puts the caret at the end; disabled blocks editing', async () => {
    rig = await mountRichText({ autoFocus: true, value: { ops: [text('start\n')] } }, false);
    // Focused in the frame after mounting (RichTextEditor.tsx).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(focused()).toBe(rig.input);
    await userEvent.keyboard('ed');
    expect(rig.value()).toEqual({ ops: [text('started\n')] });
    await rig.rerender({ disabled: true, invalid: true });
    expect(rig.input.getAttribute('contenteditable')).toBe('false');
    expect(rig.input.getAttribute('aria-disabled')).toBe('true');
    expect(rig.input.getAttribute('aria-invalid')).toBe('true');
    expect(rig.tool('bold').disabled).toBe(true);
  });

  it('inside the widget its stylesheet goes through adoptStyles, and failures to the controller', async () => {
    const adopted: string[] = [];
    const reported: unknown[] = [];
    const context = {
      adoptStyles: (sheet: string) => void adopted.push(sheet),
      controller: { report: (error: unknown) => void reported.push(error) },
    };
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const failing = () => {
      throw new Error('parent broke');
    };
    render(
      h(Widget.Provider, { value: context as unknown as WidgetContext }, h(RichTextEditor, { label: 'Comment', onChange: failing })),
      root,
    );
    await settle();
    expect(adopted).toEqual([css]);
    expect(root.querySelector('style')).toBeNull();
    await userEvent.click(root.querySelector<HTMLElement>('[role="textbox"]')!);
    await userEvent.keyboard('x');
    expect(reported).toHaveLength(1);
    render(null, root);
    host.remove();
  });

  it('shows the placeholder only while empty, and names the text box', async () => {
    rig = await mountRichText();
    expect(rig.input.getAttribute('aria-label')).toBe('Comment');
    expect(rig.input.getAttribute('aria-multiline')).toBe('true');
    expect(rig.input.hasAttribute('data-empty')).toBe(true);
    await userEvent.keyboard('a');
    expect(rig.input.hasAttribute('data-empty')).toBe(false);
  });

  it('a failing onChange is reported, not thrown, and the text is kept', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    rig = await mountRichText({
      onChange: () => {
        throw new Error('parent broke');
      },
    });
    await userEvent.keyboard('still here');
    expect(rig.handle.current!.getValue()).toEqual({ ops: [text('still here\n')] });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('listens to the document only while focused, and not at all after unmount', async () => {
    const added = vi.spyOn(document, 'addEventListener');
    const removed = vi.spyOn(document, 'removeEventListener');
    rig = await mountRichText();
    const count = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === 'selectionchange').length;
    expect(count(added)).toBe(1);
    await userEvent.tab();
    expect(count(removed)).toBe(1);
    await userEvent.click(rig.input);
    rig.unmount();
    rig = null;
    expect(count(added)).toBe(count(removed));
    added.mockRestore();
    removed.mockRestore();
  });
});

describe('changes the browser makes itself', () => {
  it('are read back with only supported formats and the DOM is made canonical again', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('ab');
    // As a drop or a spell-checker would: markup put straight into the DOM, then an input event.
    const p = rig.input.querySelector('p')!;
    const foreign = document.createElement('span');
    foreign.setAttribute('style', 'color:red;font-weight:bold');
    foreign.setAttribute('onclick', 'alert(1)');
    foreign.textContent = 'X';
    p.append(foreign, document.createElement('img'));
    rig.input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromDrop' }));
    expect(rig.value()).toEqual({ ops: [text('ab'), text('X', { bold: true }), text('\n')] });
    expect(rig.input.innerHTML).toBe('<p>ab<strong>X</strong></p>');
  });

  it('IME composition is left alone until it ends, then read back', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('a');
    const changes = rig.changes.length;
    rig.input.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
    const node = rig.input.querySelector('p')!.firstChild as Text;
    node.data = 'aにほ';
    rig.input.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true, inputType: 'insertCompositionText' }));
    expect(rig.changes.length).toBe(changes);
    expect(rig.input.querySelector('p')!.firstChild).toBe(node);
    node.data = 'a日本';
    rig.input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '日本' }));
    expect(rig.value()).toEqual({ ops: [text('a日本\n')] });
  });

  it('are read back on a page whose JSON.stringify and Array.prototype.toJSON are patched', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('a');
    // As on demo/hostile/globals.html, where every delta serialises to the same cut-short string.
    const stringify = JSON.stringify;
    const proto = Array.prototype as unknown as { toJSON?: () => string };
    proto.toJSON = function (this: unknown[]) {
      return `[${this.map(String).join(', ')}]`;
    };
    JSON.stringify = ((value: unknown) => String(stringify(value)).slice(0, 10)) as typeof JSON.stringify;
    try {
      (rig.input.querySelector('p')!.firstChild as Text).data = 'a long sentence the page would cut';
      rig.input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromDrop' }));
    } finally {
      JSON.stringify = stringify;
      delete proto.toJSON;
    }
    expect(rig.value()).toEqual({ ops: [text('a long sentence the page would cut\n')] });
  });
});
