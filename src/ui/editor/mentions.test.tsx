import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Delta } from '../../api/wire';
import type { MentionCandidate } from './MentionList';
import { mountRichText, settle, type EditorRig } from './testing';

let rig: EditorRig | null = null;
afterEach(() => {
  rig?.unmount();
  rig = null;
});

const PEOPLE: MentionCandidate[] = [
  { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
  { id: 'u2', name: 'Adam Smith' },
  { id: 'u3', name: 'Grace Hopper', email: 'grace@navy.mil' },
  { id: 'u4', name: 'Linus', email: 'torvalds@kernel.org' },
];
const mention = (id: string, value: string) => ({ insert: { mention: { id, value, denotationChar: '@' } } });
const text = (insert: string) => ({ insert });

const listbox = () => rig!.root.querySelector<HTMLElement>('[role="listbox"]')!;
const isOpen = () => !listbox().parentElement!.hidden;
const names = () => rig!.options().map((o) => o.firstChild!.textContent);
const active = () => rig!.input.getAttribute('aria-activedescendant');

describe('mentions', () => {
  it('@ opens a filtered listbox the text box controls; arrows move; Enter inserts a chip and a space', async () => {
    rig = await mountRichText({ mentions: () => PEOPLE });
    expect(rig.input.getAttribute('aria-autocomplete')).toBe('list');
    expect(rig.input.getAttribute('aria-controls')).toBe(listbox().id);
    expect(isOpen()).toBe(false);
    await userEvent.keyboard('Hi @');
    await settle();
    expect(isOpen()).toBe(true);
    expect(names()).toEqual(['Ada Lovelace', 'Adam Smith', 'Grace Hopper', 'Linus']);
    await userEvent.keyboard('AD');
    await settle();
    expect(names()).toEqual(['Ada Lovelace', 'Adam Smith']);
    expect(active()).toBe(rig.options()[0]!.id);
    expect(rig.options()[0]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe(rig.options()[1]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe(rig.options()[0]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(active()).toBe(rig.options()[1]!.id);
    await userEvent.keyboard('{Enter}');
    await settle();
    expect(isOpen()).toBe(false);
    expect(active()).toBeNull();
    await userEvent.keyboard('thanks');
    expect(rig.value()).toEqual({ ops: [text('Hi '), mention('u2', 'Adam Smith'), text(' thanks\n')] });
    const chip = rig.input.querySelector<HTMLElement>('.mention')!;
    expect(chip.textContent).toBe('@Adam Smith');
    expect(chip.getAttribute('contenteditable')).toBe('false');
  });

  it('a space typed right after a chosen mention is its own space, not a second one; a second space types', async () => {
    rig = await mountRichText({ mentions: () => PEOPLE });
    await userEvent.keyboard('@Ada');
    await settle();
    await userEvent.keyboard('{Enter}');
    await settle();
    await userEvent.keyboard(' thanks @Gra');
    await settle();
    await userEvent.keyboard('{Enter}');
    await settle();
    await userEvent.keyboard('  ok');
    expect(rig.value()).toEqual({ ops: [mention('u1', 'Ada Lovelace'), text(' thanks '), mention('u3', 'Grace Hopper'), text('  ok\n')] });
  });

  it('matches email too; Tab chooses; a click on an option chooses it', async () => {
    rig = await mountRichText({ mentions: () => PEOPLE });
    await userEvent.keyboard('@torv');
    await settle();
    expect(names()).toEqual(['Linus']);
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('and @gr');
    await settle();
    await userEvent.click(rig.options()[0]!);
    await userEvent.keyboard('!');
    expect(rig.value()).toEqual({ ops: [mention('u4', 'Linus'), text(' and '), mention('u3', 'Grace Hopper'), text(' !\n')] });
    expect(rig.root.activeElement).toBe(rig.input);
  });

  it('Esc closes the list first and only then cancels; the same @ stays closed', async () => {
    rig = await mountRichText({ mentions: () => PEOPLE });
    await userEvent.keyboard('@a');
    await settle();
    expect(isOpen()).toBe(true);
    await userEvent.keyboard('{Escape}');
    await settle();
    expect(isOpen()).toBe(false);
    expect(rig.cancels).toBe(0);
    await userEvent.keyboard('d');
    await settle();
    expect(isOpen()).toBe(false);
    // Enter is a new line again while the list is closed.
    await userEvent.keyboard('{Enter}{Escape}');
    expect(rig.cancels).toBe(1);
    expect(rig.value()).toEqual({ ops: [text('@ad\n\n')] });
    // A new @ opens again.
    await userEvent.keyboard('@');
    await settle();
    expect(isOpen()).toBe(true);
  });

  it('opens only at a word start, and gives way when nobody matches a longer phrase', async () => {
    rig = await mountRichText({ mentions: () => PEOPLE });
    await userEvent.keyboard('mail@ex');
    await settle();
    expect(isOpen()).toBe(false);
    await userEvent.keyboard(' @zz');
    await settle();
    expect(isOpen()).toBe(true);
    expect(rig.root.querySelector('.pm-rte-status')!.textContent).toBe('No one found');
    await userEvent.keyboard(' top');
    await settle();
    expect(isOpen()).toBe(false);
    // A name with a space still matches while typed.
    await userEvent.keyboard(' @grace h');
    await settle();
    expect(names()).toEqual(['Grace Hopper']);
  });

  it('waits for an async source, showing that it searches', async () => {
    let resolve: (people: MentionCandidate[]) => void = () => {};
    const queries: string[] = [];
    rig = await mountRichText({
      mentions: (query) => {
        queries.push(query);
        return new Promise<MentionCandidate[]>((r) => (resolve = r));
      },
    });
    await userEvent.keyboard('@li');
    await settle();
    expect(isOpen()).toBe(true);
    expect(rig.root.querySelector('.pm-rte-status')!.textContent).toBe('Searching…');
    resolve(PEOPLE);
    await settle();
    expect(names()).toEqual(['Linus']);
    expect(queries).toEqual(['', 'l', 'li']);
    await userEvent.keyboard('{Enter}');
    expect(rig.value()).toEqual({ ops: [mention('u4', 'Linus'), text(' \n')] });
  });

  it('Backspace deletes a chip as one unit', async () => {
    const value: Delta = { ops: [text('cc '), mention('u1', 'Ada Lovelace'), text(' ok\n')] };
    rig = await mountRichText({ mentions: () => PEOPLE, value });
    await userEvent.keyboard('{End}{Backspace}{Backspace}{Backspace}');
    expect(rig.value()).toEqual({ ops: [text('cc '), mention('u1', 'Ada Lovelace'), text('\n')] });
    await userEvent.keyboard('{Backspace}');
    expect(rig.value()).toEqual({ ops: [text('cc \n')] });
    expect(rig.input.querySelector('.mention')).toBeNull();
    await userEvent.keyboard('x');
    expect(rig.value()).toEqual({ ops: [text('cc x\n')] });
  });

  it('Delete before a chip removes it too, and arrows step over it', async () => {
    const value: Delta = { ops: [mention('u1', 'Ada Lovelace'), text('z\n')] };
    rig = await mountRichText({ mentions: () => PEOPLE, value });
    await userEvent.keyboard('{Home}{ArrowRight}y{Home}{Delete}');
    expect(rig.value()).toEqual({ ops: [text('yz\n')] });
  });

  it('without a source @ is just a character', async () => {
    rig = await mountRichText();
    expect(rig.input.hasAttribute('aria-autocomplete')).toBe(false);
    await userEvent.keyboard('@ada');
    expect(rig.root.querySelector('[role="listbox"]')).toBeNull();
    expect(rig.value()).toEqual({ ops: [text('@ada\n')] });
  });
});
