import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mod, mountRichText, settle, type EditorRig, finishRig, text } from './testing';

let rig: EditorRig | null = null;
afterEach(() => {
  finishRig(rig);
  rig = null;
});

const focused = () => rig!.root.activeElement;

describe('typing and formats', () => {
  it('types plain text with line breaks; spaces stay as typed', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('Hello  world {Enter}second line{Shift>}{Enter}{/Shift}third');
    expect(rig.value()).toEqual({ ops: [text('Hello  world \nsecond line\nthird\n')] });
    expect(rig.input.querySelectorAll(':scope > p')).toHaveLength(3);
  });

  it('bold, italic and underline with shortcuts, at a caret and on a selection', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`a${mod('b')}b${mod('i')}c${mod('b')}${mod('i')}d`);
    expect(rig.value()).toEqual({ ops: [text('a'), text('b', { bold: true }), text('c', { bold: true, italic: true }), text('d\n')] });
    await userEvent.keyboard(`{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}${mod('u')}`);
    expect(rig.value()).toEqual({
      ops: [
        text('a'),
        text('b', { bold: true }),
        text('c', { bold: true, italic: true, underline: true }),
        text('d', { underline: true }),
        text('\n'),
      ],
    });
    expect(rig.tool('underline').getAttribute('aria-pressed')).toBe('true');
    expect(rig.tool('bold').getAttribute('aria-pressed')).toBe('false');
    // The selection survives the re-render: pressing again removes what it added.
    await userEvent.keyboard(mod('u'));
    expect(rig.value()).toEqual({ ops: [text('a'), text('b', { bold: true }), text('c', { bold: true, italic: true }), text('d\n')] });
  });

  it('strike and code from the toolbar; buttons show the format at the caret', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('run npm test now{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}');
    await userEvent.click(rig.tool('strike'));
    // The first ArrowLeft collapses the selection to its start.
    await userEvent.keyboard(
      '{ArrowLeft}{ArrowLeft}{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}',
    );
    await userEvent.click(rig.tool('code'));
    expect(rig.value()).toEqual({
      ops: [text('run '), text('npm test', { code: true }), text(' '), text('now', { strike: true }), text('\n')],
    });
    expect(rig.input.querySelector('code')!.textContent).toBe('npm test');
    expect(rig.input.querySelector('s')!.textContent).toBe('now');
    expect(focused()).toBe(rig.input);
    await userEvent.keyboard('{ArrowRight}{ArrowLeft}');
    await settle();
    expect(rig.tool('code').getAttribute('aria-pressed')).toBe('true');
    expect(rig.tool('strike').getAttribute('aria-pressed')).toBe('false');
    // Ctrl+Shift+X and Ctrl+E are the same commands.
    await userEvent.keyboard(`{End}{Shift>}{Home}{/Shift}${mod('{Shift>}x{/Shift}')}`);
    expect(rig.value().ops[0]).toEqual(text('run ', { strike: true }));
  });

  it('the toolbar is one tab stop, arrows move along it, and it acts on the kept selection', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('make this bold{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}');
    const buttons = [...rig.root.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
    expect(buttons.every((b) => b.getAttribute('aria-label') && b.title.includes('('))).toBe(true);
    await userEvent.tab();
    expect(focused()).toBe(rig.tool('bold'));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(focused()).toBe(rig.tool('italic'));
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    expect(rig.value()).toEqual({ ops: [text('make this '), text('bold', { bold: true }), text('\n')] });
    // Back in the text with the same selection.
    expect(focused()).toBe(rig.input);
    await userEvent.keyboard('X');
    expect(rig.value()).toEqual({ ops: [text('make this '), text('X', { bold: true }), text('\n')] });
    await userEvent.tab();
    expect(focused()).toBe(rig.tool('bold'));
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);
  });

  it('undo and redo with the keyboard, typing undone as one step', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`hello${mod('{Shift>}{ArrowLeft}{/Shift}')}`);
    await userEvent.keyboard(`{Shift>}{Home}{/Shift}${mod('b')}`);
    expect(rig.value()).toEqual({ ops: [text('hello', { bold: true }), text('\n')] });
    await userEvent.keyboard(mod('z'));
    expect(rig.value()).toEqual({ ops: [text('hello\n')] });
    await userEvent.keyboard(mod('z'));
    expect(rig.value()).toEqual({ ops: [text('\n')] });
    await userEvent.keyboard(mod('{Shift>}z{/Shift}'));
    expect(rig.value()).toEqual({ ops: [text('hello\n')] });
    await userEvent.keyboard(mod('y'));
    expect(rig.value()).toEqual({ ops: [text('hello', { bold: true }), text('\n')] });
  });

  it('deletes selections across lines, words with Ctrl+Backspace, characters both ways', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('one two{Enter}three{Shift>}{ArrowUp}{/Shift}{Backspace}');
    expect(rig.value()).toEqual({ ops: [text('one t\n')] });
    await userEvent.keyboard('{End} four five');
    await userEvent.keyboard(mod('{Backspace}'));
    expect(rig.value()).toEqual({ ops: [text('one t four \n')] });
    await userEvent.keyboard('{Home}{Delete}{End}{Backspace}');
    expect(rig.value()).toEqual({ ops: [text('ne t four\n')] });
    // Select all and delete: an empty document again.
    await userEvent.keyboard(`${mod('a')}{Backspace}`);
    expect(rig.value()).toEqual({ ops: [text('\n')] });
    expect(rig.input.hasAttribute('data-empty')).toBe(true);
  });

  it('deletes an emoji as a whole', async () => {
    // Typed by a real keyboard an emoji arrives whole; the test keyboard would send its halves.
    rig = await mountRichText({ value: { ops: [text('hi 👋\n')] } });
    await userEvent.keyboard('{End}{Backspace}');
    expect(rig.value()).toEqual({ ops: [text('hi \n')] });
  });
});

describe('lists', () => {
  it('Enter continues a list, Enter on an empty item leaves it', async () => {
    rig = await mountRichText();
    await userEvent.keyboard('Steps:{Enter}');
    await userEvent.click(rig.tool('ordered'));
    await userEvent.keyboard('open{Enter}click{Enter}{Enter}done');
    expect(rig.value()).toEqual({
      ops: [text('Steps:\nopen'), text('\n', { list: 'ordered' }), text('click'), text('\n', { list: 'ordered' }), text('done\n')],
    });
    expect([...rig.input.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['open', 'click']);
    expect(rig.tool('ordered').getAttribute('aria-pressed')).toBe('false');
  });

  it('bullet lists by shortcut, switching kind, Backspace at an item start ends the list', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`${mod('{Shift>}8{/Shift}')}milk{Enter}eggs`);
    expect(rig.value()).toEqual({ ops: [text('milk'), text('\n', { list: 'bullet' }), text('eggs'), text('\n', { list: 'bullet' })] });
    expect(rig.tool('bullet').getAttribute('aria-pressed')).toBe('true');
    await userEvent.keyboard(mod('{Shift>}7{/Shift}'));
    expect(rig.value().ops[3]).toEqual(text('\n', { list: 'ordered' }));
    expect(rig.input.querySelectorAll('ul > li, ol > li')).toHaveLength(2);
    await userEvent.keyboard('{Home}{Backspace}');
    expect(rig.value()).toEqual({ ops: [text('milk'), text('\n', { list: 'bullet' }), text('eggs\n')] });
    // Again: the plain line joins the item above and becomes part of it.
    await userEvent.keyboard('{Backspace}');
    expect(rig.value()).toEqual({ ops: [text('milkeggs'), text('\n', { list: 'bullet' })] });
  });

  it('a selection over several lines becomes one list', async () => {
    rig = await mountRichText();
    await userEvent.keyboard(`a{Enter}b{Enter}c${mod('a')}`);
    await userEvent.click(rig.tool('bullet'));
    expect(rig.value()).toEqual({
      ops: [
        text('a'),
        text('\n', { list: 'bullet' }),
        text('b'),
        text('\n', { list: 'bullet' }),
        text('c'),
        text('\n', { list: 'bullet' }),
      ],
    });
    await userEvent.click(rig.tool('bullet'));
    expect(rig.value()).toEqual({ ops: [text('a\nb\nc\n')] });
  });
});
