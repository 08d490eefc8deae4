/**
 * Private by default, failing closed: secrets come out as opaque blocks (every pixel of their box is
 * the mask colour), are blanked in html2canvas's clone too, and any doubt means no image at all.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { CaptureError, captureViewport } from './index';
import { blankPrivateInClone, MASK_COLOR, privateSelectorList } from './mask';
import { painted, setPage, withDevicePixelRatio } from './test-kit';

let cleanup = (): void => {};
beforeEach(async () => {
  await page.viewport(800, 600);
});
afterEach(() => cleanup());

const FORM = `
  <form style="padding:20px;background:#fff;font:16px sans-serif">
    <input id="password" type="password" value="hunter2-secret" style="display:block;width:300px;height:40px;margin:10px 0">
    <input id="card" autocomplete="cc-number" value="4242 4242 4242 4242" style="display:block;width:300px;height:40px;margin:10px 0">
    <input id="otp" autocomplete="one-time-code" value="123456" style="display:block;width:200px;height:40px;margin:10px 0">
    <textarea id="billing" autocomplete="billing cc-name">Jane Q Public</textarea>
    <div id="marked" data-pinmark-private style="width:250px;height:60px;background:#fde68a;color:#000">Salary: 123,456</div>
    <p id="ssn" class="ssn" style="width:200px;background:#dbeafe">SSN 078-05-1120</p>
    <p id="public" style="width:200px;height:30px;background:rgb(200, 255, 200)">Public text</p>
  </form>`;

/** Every device pixel inside the element's box (rounded inwards) is the mask colour. */
function expectMasked(canvas: HTMLCanvasElement, element: Element, scale = 1): void {
  const box = element.getBoundingClientRect();
  const left = Math.ceil(box.left * scale);
  const top = Math.ceil(box.top * scale);
  const width = Math.floor(box.right * scale) - left;
  const height = Math.floor(box.bottom * scale) - top;
  expect(width * height).toBeGreaterThan(0);
  const data = canvas.getContext('2d')!.getImageData(left, top, width, height).data;
  const [r, g, b] = painted(MASK_COLOR);
  let unmasked = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] !== r || data[i + 1] !== g || data[i + 2] !== b || data[i + 3] !== 255) unmasked++;
  }
  expect(unmasked, `pixels of #${element.id} not masked`).toBe(0);
}

describe('captureViewport: privacy', () => {
  test('passwords, card fields, one-time codes, [data-pinmark-private] and host selectors are solid blocks', async () => {
    cleanup = setPage(FORM);
    const result = await captureViewport({ maxScale: 1, privateSelectors: ['.ssn'] });
    for (const id of ['password', 'card', 'otp', 'billing', 'marked', 'ssn']) {
      expectMasked(result.canvas, document.getElementById(id)!);
    }
    expect(result.maskedCount).toBe(6);
    const publicBox = document.getElementById('public')!.getBoundingClientRect();
    const inside = result.canvas.getContext('2d')!.getImageData(publicBox.left + 150, publicBox.top + 15, 1, 1).data;
    expect([...inside]).toEqual([200, 255, 200, 255]);
  });

  test('masks cover whole device pixels at scale 2', async () => {
    cleanup = setPage(FORM);
    await withDevicePixelRatio(2, async () => {
      const result = await captureViewport();
      expect(result.scale).toBe(2);
      expectMasked(result.canvas, document.getElementById('password')!, 2);
      expectMasked(result.canvas, document.getElementById('marked')!, 2);
    });
  });

  test('private fields inside open shadow roots are masked too', async () => {
    cleanup = setPage('<div id="host" style="padding:40px"></div>');
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<input id="inner" type="password" value="hunter2-secret" style="width:300px;height:40px">';
    const result = await captureViewport({ maxScale: 1 });
    expectMasked(result.canvas, shadow.getElementById('inner')!);
    expect(result.maskedCount).toBe(1);
  });

  test('a private element partly off-screen is clipped to the viewport', async () => {
    cleanup = setPage('<div id="tall" data-pinmark-private style="margin-top:400px;height:1000px;background:#fde68a"></div>');
    const result = await captureViewport({ maxScale: 1 });
    expect(result.maskedCount).toBe(1);
    const [r, g, b] = painted(MASK_COLOR);
    const data = result.canvas.getContext('2d')!.getImageData(100, 599, 1, 1).data;
    expect([...data]).toEqual([r, g, b, 255]);
  });

  test('an invalid host selector fails closed: masking_failed and no image', async () => {
    cleanup = setPage(FORM);
    const before = document.body.children.length;
    const error = await captureViewport({ privateSelectors: ['.ok', 'div[[broken'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptureError);
    expect((error as CaptureError).code).toBe('masking_failed');
    expect(document.body.children.length).toBe(before);
  });

  test('an exception while measuring private elements fails closed', async () => {
    cleanup = setPage(FORM);
    const marked = document.getElementById('marked')!;
    marked.getBoundingClientRect = () => {
      throw new Error('layout exploded');
    };
    const error = await captureViewport().catch((e: unknown) => e);
    expect((error as CaptureError).code).toBe('masking_failed');
  });

  test('the clone never holds the secret: values emptied, private boxes invisible to html2canvas', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    cleanup = () => frame.remove();
    const cloneDoc = frame.contentDocument!;
    cloneDoc.body.innerHTML = FORM;
    blankPrivateInClone(cloneDoc, privateSelectorList(cloneDoc, ['.ssn']));
    const password = cloneDoc.getElementById('password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.getAttribute('value')).toBeNull();
    expect((cloneDoc.getElementById('billing') as HTMLTextAreaElement).value).toBe('');
    for (const id of ['password', 'card', 'otp', 'marked', 'ssn']) {
      expect(frame.contentWindow!.getComputedStyle(cloneDoc.getElementById(id)!).visibility, id).toBe('hidden');
    }
    expect(frame.contentWindow!.getComputedStyle(cloneDoc.getElementById('public')!).visibility).toBe('visible');
  });
});
