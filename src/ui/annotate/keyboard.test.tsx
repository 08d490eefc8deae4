import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { AnnotationShape } from '../../api/wire';
import { HIDE_COLOR } from './draw';
import { hex, makeScreenshot, mountEditor, pixel, regionHas, type EditorRig } from './testing';

let rig: EditorRig | null = null;

beforeEach(async () => {
  await page.viewport(1280, 800);
  // 600×400 CSS px: the centre is (300, 200); default rectangles are 160×100.
  rig = await mountEditor({ image: makeScreenshot(600, 400), scale: 1 });
});

afterEach(() => {
  rig?.unmount();
  rig = null;
});

const liveText = () => rig!.root.querySelector('[aria-live="polite"]')!.textContent;

/** The shapes as Done would hand them over right now (Ctrl+Enter, from wherever focus is). */
async function shapesNow(): Promise<AnnotationShape[]> {
  await userEvent.keyboard('{Control>}{Enter}{/Control}');
  return rig!.done.pop()!.annotations.shapes;
}

/** From the first tool (focused on open), Shift+Tab wraps to the surface, the last stop in the dialog. */
async function focusSurface(): Promise<void> {
  await userEvent.tab({ shift: true });
  expect(rig!.active()).toBe(rig!.surface());
}

describe('keyboard only', () => {
  it('creates, moves, resizes and deletes a hide block', async () => {
    await userEvent.keyboard('h');
    expect(liveText()).toBe('Hide tool');
    await focusSurface();
    await userEvent.keyboard('{Enter}');
    expect(liveText()).toBe('Hidden area added');
    expect(await shapesNow()).toEqual([{ type: 'hide', x: 220, y: 150, width: 160, height: 100 }]);

    await userEvent.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}');
    expect(liveText()).toBe('Hidden area moved to 230, 170');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(liveText()).toBe('Hidden area moved to 229, 170');
    await userEvent.keyboard('{Alt>}{ArrowRight}{ArrowDown}{/Alt}{Shift>}{Alt>}{ArrowLeft}{/Alt}{/Shift}');
    expect(liveText()).toBe('Hidden area resized to 169 × 110');
    expect(await shapesNow()).toEqual([{ type: 'hide', x: 229, y: 170, width: 169, height: 110 }]);
    // The live view shows it too.
    expect(pixel(rig!.canvas(), 300, 220)).toEqual(hex(HIDE_COLOR));

    await userEvent.keyboard('{Delete}');
    expect(liveText()).toBe('Hidden area deleted');
    expect(await shapesNow()).toEqual([]);
    // And undo brings it back, where it was.
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(await shapesNow()).toEqual([{ type: 'hide', x: 229, y: 170, width: 169, height: 110 }]);
  });

  it('creates and edits a box, an arrow and a short pen stroke; Tab walks through them', async () => {
    await focusSurface();
    await userEvent.keyboard('b{Enter}a{Enter}p{Enter}');
    const shapes = await shapesNow();
    expect(shapes.map((s) => s.type)).toEqual(['box', 'arrow', 'pen']);
    expect(shapes[0]).toEqual({ type: 'box', x: 220, y: 150, width: 160, height: 100, color: '#ef4444' });
    expect(shapes[1]).toEqual({ type: 'arrow', x1: 220, y1: 250, x2: 380, y2: 150, color: '#ef4444' });
    expect(shapes[2]!.type === 'pen' && shapes[2]!.points.length).toBeGreaterThan(2);

    // Escape deselects; Tab then selects the shapes in order, and leaves the surface after the last.
    await userEvent.keyboard('{Escape}');
    expect(rig!.cancelled).toBe(0);
    await userEvent.tab();
    expect(liveText()).toBe('Box selected, 1 of 3');
    await userEvent.tab();
    expect(liveText()).toBe('Arrow selected, 2 of 3');
    // Alt+arrows move the arrow's head.
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(liveText()).toBe('Arrow resized to 197 px long');
    await userEvent.tab();
    expect(liveText()).toBe('Drawing selected, 3 of 3');
    await userEvent.keyboard('{ArrowUp}');
    expect(liveText()).toMatch(/^Drawing moved to 220, \d+$/);
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(liveText()).toBe('Box selected, 1 of 3');
    await userEvent.keyboard('{Backspace}');
    expect((await shapesNow()).map((s) => s.type)).toEqual(['arrow', 'pen']);
    expect(rig!.active()).toBe(rig!.surface());
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(liveText()).toBe('Nothing selected');
    expect(rig!.active()).not.toBe(rig!.surface());
  });

  it('adds text from the field Enter opens, resizes it, edits it with F2 and deletes it', async () => {
    await userEvent.keyboard('t');
    await focusSurface();
    await userEvent.keyboard('{Enter}');
    expect(liveText()).toBe('Type the text, then press Enter');
    const field = page.getByRole('textbox', { name: 'Annotation text' });
    expect(rig!.active()).toBe(field.element());
    await userEvent.keyboard('Typo here{Enter}');
    expect(liveText()).toBe('Text added');
    expect(rig!.active()).toBe(rig!.surface());
    expect(await shapesNow()).toEqual([{ type: 'text', x: 240, y: 190, text: 'Typo here', size: 20, color: '#ef4444' }]);
    expect(regionHas(rig!.canvas(), { x: 240, y: 190, width: 100, height: 25 }, '#ef4444')).toBe(true);

    await userEvent.keyboard('{ArrowLeft}{Alt>}{ArrowRight}{ArrowRight}{/Alt}');
    expect(liveText()).toBe('Text resized to 24 px');
    await userEvent.keyboard('{F2}');
    expect(rig!.active()).toBe(field.element());
    await userEvent.keyboard('{Control>}a{/Control}Fixed{Enter}');
    expect(liveText()).toBe('Text changed');
    expect(await shapesNow()).toEqual([{ type: 'text', x: 230, y: 190, text: 'Fixed', size: 24, color: '#ef4444' }]);
    await userEvent.keyboard('{Delete}');
    expect(await shapesNow()).toEqual([]);
  });

  it('chooses colours with 1–4 (recolouring the selected shape) and finishes with Ctrl+Enter', async () => {
    await focusSurface();
    await userEvent.keyboard('3{Enter}');
    expect(liveText()).toBe('Box added');
    expect(await shapesNow()).toMatchObject([{ type: 'box', color: '#2563eb' }]);
    await userEvent.keyboard('4');
    expect(liveText()).toBe('Box is now Green');
    expect(await shapesNow()).toMatchObject([{ type: 'box', color: '#16a34a' }]);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(await shapesNow()).toMatchObject([{ type: 'box', color: '#2563eb' }]);
    expect(rig!.cancelled).toBe(0);
  });

  it('moves between toolbar buttons with the arrow keys and selects a tool with Enter', async () => {
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(rig!.active()?.textContent).toBe('Pen');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('button', { name: 'Pen', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{End}');
    expect(rig!.active()?.textContent).toBe('Done');
    await userEvent.keyboard('{Enter}');
    expect(rig!.done).toHaveLength(1);
  });
});
