import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mod, mountRichText, settle, type EditorRig, finishRig, text } from './testing';

let rig: EditorRig | null = null;
afterEach(() => {
  finishRig(rig);
  rig = null;
});

const focused = () => rig!.root.activeElement;

describe('links', () => {
  const field = () => rig!.root.querySelector<HTMLInputElement>('input[aria-label="Link address"]');

  it('Ctrl+K links the selection; https:// is added; typing after it is plain', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`see docs{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}${mod('k')}`);
    expect(focused()).toBe(field());
    await userEvent.keyboard('example.com/docs{Enter}');
    expect(field()).toBeNull();
    expect(focused()).toBe(rig.input);
    await userEvent.keyboard('{End}!');
    expect(rig.value()).toEqual({ ops: [text('see '), text('docs', { link: 'https://example.com/docs' }), text('!\n')] });
    expect(rig.input.querySelector('a')!.getAttribute('href')).toBe('https://example.com/docs');
  });

  it('refuses unsafe addresses, and Esc closes the field without cancelling the comment', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`x{Shift>}{ArrowLeft}{/Shift}`);
    await userEvent.click(rig.tool('link'));
    await userEvent.keyboard('javascript:alert(1){Enter}');
    expect(field()!.getAttribute('aria-invalid')).toBe('true');
    expect(rig.root.querySelector('.pm-rte-link p')!.textContent).toMatch(/web address/);
    await userEvent.keyboard('{Escape}');
    expect(field()).toBeNull();
    expect(rig.cancels).toBe(0);
    expect(focused()).toBe(rig.input);
    expect(rig.value()).toEqual({ ops: [text('x\n')] });
  });

  it('at a caret inserts the address as its own link; email addresses become mailto', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`mail ${mod('k')}ada@example.com{Enter} or ${mod('k')}http://a.test{Enter}`);
    expect(rig.value()).toEqual({
      ops: [
        text('mail '),
        text('mailto:ada@example.com', { link: 'mailto:ada@example.com' }),
        text(' or '),
        text('http://a.test', { link: 'http://a.test' }),
        text('\n'),
      ],
    });
  });

  it('edits or removes the link around the caret', async () => {
    rig = await mountRichText({ value: { ops: [text('read '), text('this', { link: 'https://old.test' }), text('\n')] } });
    await userEvent.keyboard(`{End}{ArrowLeft}{ArrowLeft}`);
    await settle();
    expect(rig.tool('link').getAttribute('aria-pressed')).toBe('true');
    await userEvent.keyboard(mod('k'));
    expect(field()!.value).toBe('https://old.test');
    await userEvent.keyboard(`${mod('a')}new.test{Enter}`);
    expect(rig.value()).toEqual({ ops: [text('read '), text('this', { link: 'https://new.test' }), text('\n')] });
    await userEvent.keyboard(mod('k'));
    await userEvent.click(rig.root.querySelector<HTMLButtonElement>('.pm-rte-link button:nth-of-type(2)')!);
    expect(rig.value()).toEqual({ ops: [text('read this\n')] });
  });

  it('Esc closes the field even when focus went back to the text, before it cancels', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(mod('k'));
    expect(field()).not.toBeNull();
    await userEvent.click(rig.input);
    await userEvent.keyboard('{Escape}');
    expect(field()).toBeNull();
    expect(rig.cancels).toBe(0);
    await userEvent.keyboard('{Escape}');
    expect(rig.cancels).toBe(1);
  });
});
