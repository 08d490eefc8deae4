import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { HIDE_COLOR } from './draw';
import { strings } from '../strings';
import { hex, makeScreenshot, mountEditor, pixel, regionHas, regionIs, settle, type EditorRig } from './testing';

const t = strings.annotate;

const RED = '#ef4444';
let rig: EditorRig | null = null;

beforeEach(async () => {
  await page.viewport(1280, 800);
});

afterEach(() => {
  rig?.unmount();
  rig = null;
});

const dialog = () => page.getByRole('dialog', { name: 'Annotate screenshot' });
const tool = (name: string) => page.getByRole('button', { name, exact: true });
const liveText = () => rig!.root.querySelector('[aria-live="polite"]')!.textContent;

describe('the dialog', () => {
  it('opens as a modal in a shadow root, focuses the first tool and keeps Tab inside', async () => {
    rig = await mountEditor({ image: makeScreenshot(800, 500), scale: 1 });
    await expect.element(dialog()).toBeVisible();
    await expect.element(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(rig.active()).toBe(tool('Box').element());
    await expect.element(tool('Box')).toHaveAttribute('aria-pressed', 'true');
    await expect.element(tool('Arrow')).toHaveAttribute('aria-pressed', 'false');

    // Shift+Tab from the first control wraps to the last one (the drawing surface) and back.
    await userEvent.tab({ shift: true });
    expect(rig.active()).toBe(rig.surface());
    expect(rig.surface().getAttribute('aria-describedby')).toBe(rig.root.querySelector('.pm-annotate-hint')!.id);
    await userEvent.tab();
    expect(rig.active()).toBe(tool('Box').element());
  });

  it('shows the screenshot scaled to fit, keeping its proportions', async () => {
    rig = await mountEditor({ image: makeScreenshot(1280, 800, 2), scale: 2 });
    const rect = rig.canvas().getBoundingClientRect();
    expect(rect.width).toBeLessThan(1280);
    expect(rect.height).toBeLessThanOrEqual(800);
    expect(rect.width / rect.height).toBeCloseTo(1.6, 2);
    expect([rig.canvas().width, rig.canvas().height]).toEqual([2560, 1600]);
    // Touch drags draw instead of scrolling or zooming the page.
    expect(getComputedStyle(rig.canvas()).touchAction).toBe('none');
  });

  it('gives focus back to its opener and removes its stylesheet from the shadow root when it closes', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Annotate';
    rig = await mountEditor({ image: makeScreenshot(400, 300), scale: 1 }, opener);
    expect(rig.root.adoptedStyleSheets).toHaveLength(1);
    expect(rig.active()).not.toBe(opener);
    // Focus that wanders out of the modal is brought back in.
    opener.focus();
    expect(rig.active()).toBe(tool('Box').element());
    rig.close();
    expect(rig.root.adoptedStyleSheets).toHaveLength(0);
    expect(rig.root.activeElement).toBe(opener);
  });
});

describe('drawing with the pointer', () => {
  it('draws a box and a hide block; Done gives the flattened image and the shapes in CSS px', async () => {
    // A retina capture: 1280×800 CSS px at scale 2, shown smaller than that in the dialog.
    rig = await mountEditor({ image: makeScreenshot(1280, 800, 2), scale: 2 });
    await rig.drag([100, 100], [300, 200]);
    expect(liveText()).toBe('Box added');
    await tool('Hide').click();
    await rig.drag([700, 400], [900, 500]);
    expect(liveText()).toBe('Hidden area added');
    await tool('Done').click();

    expect(rig.done).toHaveLength(1);
    expect(rig.cancelled).toBe(0);
    const { canvas, annotations } = rig.done[0]!;
    expect(annotations).toMatchObject({ version: '1', scale: 2, originalWidth: 2560, originalHeight: 1600 });
    const [box, hide] = annotations.shapes;
    expect(annotations.shapes).toHaveLength(2);
    expect(box).toMatchObject({ type: 'box', color: RED });
    expect(hide).toMatchObject({ type: 'hide' });
    if (box?.type !== 'box' || hide?.type !== 'hide') throw new Error('unexpected shapes');
    // Pointer positions go through the displayed size: allow a pixel of rounding.
    for (const [actual, expected] of [
      [box.x, 100],
      [box.y, 100],
      [box.width, 200],
      [box.height, 100],
      [hide.x, 700],
      [hide.y, 400],
      [hide.width, 200],
      [hide.height, 100],
    ] as const) {
      expect(Math.abs(actual - expected)).toBeLessThan(1.5);
    }

    expect([canvas.width, canvas.height]).toEqual([2560, 1600]);
    expect(regionIs(canvas, { x: 2 * 705, y: 2 * 405, width: 2 * 190, height: 2 * 90 }, HIDE_COLOR)).toBe(true);
    expect(pixel(canvas, Math.round(box.x * 2), 2 * 150)).toEqual(hex(RED));
    expect(pixel(canvas, Math.round((box.x + box.width) * 2), 2 * 150)).toEqual(hex(RED));
    // No selection outline or handles leak into the result.
    expect(pixel(canvas, 2 * 60, 2 * 60)).toEqual([255, 255, 255, 255]);
  });

  it('moves a shape by dragging it and resizes it by a corner handle, each one undo step', async () => {
    rig = await mountEditor({ image: makeScreenshot(800, 500), scale: 1 });
    await rig.drag([100, 100], [200, 180]);
    await rig.drag([100, 140], [150, 160]); // grab the left edge, move by (50, 20)
    expect(liveText()).toBe('Box moved to 150, 120');
    await rig.drag([250, 200], [300, 260]); // the bottom-right handle of the selected box
    expect(liveText()).toBe('Box resized to 150 × 140');
    await tool('Done').click();
    expect(rig.done[0]!.annotations.shapes).toEqual([{ type: 'box', x: 150, y: 120, width: 150, height: 140, color: RED }]);
  });

  it('undoes and redoes with the keyboard and the buttons', async () => {
    rig = await mountEditor({ image: makeScreenshot(800, 500), scale: 1 });
    await rig.drag([50, 50], [150, 150]);
    await tool('Arrow').click();
    await rig.drag([300, 300], [400, 200]);
    const count = async () => {
      await tool('Done').click();
      return rig!.done.pop()!.annotations.shapes.map((s) => s.type);
    };
    expect(await count()).toEqual(['box', 'arrow']);

    await userEvent.keyboard('{Control>}z{/Control}');
    expect(liveText()).toBe('Undone');
    expect(await count()).toEqual(['box']);
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(liveText()).toBe('Redone');
    expect(await count()).toEqual(['box', 'arrow']);
    await tool('Undo').click();
    await tool('Undo').click();
    expect(await count()).toEqual([]);
    await expect.element(tool('Undo')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Control>}y{/Control}');
    expect(await count()).toEqual(['box']);
    await tool('Redo').click();
    expect(await count()).toEqual(['box', 'arrow']);
    await expect.element(tool('Redo')).toHaveAttribute('aria-disabled', 'true');
  });

  it('places a text field on click; Enter commits and the words are painted on the image', async () => {
    rig = await mountEditor({ image: makeScreenshot(800, 500), scale: 1 });
    await userEvent.keyboard('t');
    await expect.element(tool('Text')).toHaveAttribute('aria-pressed', 'true');
    rig.pointer('pointerdown', 200, 300);
    rig.pointer('pointerup', 200, 300);
    await settle();
    const field = page.getByRole('textbox', { name: t.textField });
    await expect.element(field).toBeVisible();
    expect(rig.active()).toBe(field.element());
    await userEvent.keyboard('Login <b>broken</b>{Enter}');
    expect(liveText()).toBe('Text added');
    expect(field.query()).toBeNull();
    expect(rig.active()).toBe(rig.surface());
    // Painted on the live canvas too, never as markup.
    expect(rig.root.querySelector('b')).toBeNull();
    expect(regionHas(rig.canvas(), { x: 200, y: 300, width: 200, height: 26 }, RED)).toBe(true);

    await tool('Done').click();
    const { canvas, annotations } = rig.done[0]!;
    expect(annotations.shapes).toEqual([{ type: 'text', x: 200, y: 300, text: 'Login <b>broken</b>', size: 20, color: RED }]);
    expect(regionHas(canvas, { x: 200, y: 300, width: 200, height: 26 }, RED)).toBe(true);
    expect(regionHas(canvas, { x: 200, y: 330, width: 200, height: 26 }, RED)).toBe(false);
  });

  it('Esc in the text field drops only that text; Esc then deselects, and only then cancels', async () => {
    rig = await mountEditor({ image: makeScreenshot(800, 500), scale: 1 });
    await rig.drag([100, 100], [200, 200]);
    await userEvent.keyboard('t');
    rig.pointer('pointerdown', 400, 300);
    rig.pointer('pointerup', 400, 300);
    await settle();
    await userEvent.keyboard('never mind{Escape}');
    expect(page.getByRole('textbox').query()).toBeNull();
    expect(rig.cancelled).toBe(0);

    rig.pointer('pointerdown', 100, 150);
    rig.pointer('pointerup', 100, 150);
    await settle();
    expect(liveText()).toBe('Box selected, 1 of 1');
    await userEvent.keyboard('{Escape}');
    expect(liveText()).toBe('Nothing selected');
    expect(rig.cancelled).toBe(0);
    await userEvent.keyboard('{Escape}');
    expect(rig.cancelled).toBe(1);
    expect(rig.done).toHaveLength(0);
  });

  it('re-opens with earlier shapes; they are the starting point, not an undoable step', async () => {
    const initial = {
      version: '1',
      scale: 1,
      originalWidth: 800,
      originalHeight: 500,
      shapes: [{ type: 'hide' as const, x: 10, y: 10, width: 50, height: 50 }],
    };
    rig = await mountEditor({ image: makeScreenshot(800, 500), scale: 1, initial });
    expect(pixel(rig.canvas(), 30, 30)).toEqual(hex(HIDE_COLOR));
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(liveText()).toBe('Nothing to undo');
    await tool('Done').click();
    expect(rig.done.pop()!.annotations.shapes).toEqual(initial.shapes);
    await tool('Cancel').click();
    expect(rig.cancelled).toBe(1);
    expect(rig.done).toHaveLength(0);
  });
});
