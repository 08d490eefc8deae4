/**
 * The widget waits for a press on the visitor's launcher to end before taking its place (press.ts):
 * in real Chromium with dispatched pointer and key events.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ListenerCollection } from '../util/listener-collection';
import { watchPress } from './press';

const owners: ListenerCollection[] = [];
afterEach(() => {
  owners.splice(0).forEach((owner) => owner.removeAll());
  document.body.replaceChildren();
});

function watched() {
  const button = document.createElement('button');
  document.body.append(button);
  const owner = new ListenerCollection();
  owners.push(owner);
  return { button, owner, press: watchPress(button, owner) };
}

const pointer = (type: string, target: EventTarget) =>
  target.dispatchEvent(new PointerEvent(type, { isPrimary: true, pointerType: 'mouse', bubbles: true }));
const key = (type: string, target: EventTarget, value = ' ') =>
  target.dispatchEvent(new KeyboardEvent(type, { key: value, bubbles: true }));
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchPress', () => {
  it('runs at once when nothing is pressed', () => {
    const { press } = watched();
    let ran = 0;
    press.afterPress(() => ran++);
    expect(ran).toBe(1);
  });

  it('waits for the pointer to come up, anywhere, and lets the click go first', async () => {
    const { button, press } = watched();
    const order: string[] = [];
    button.addEventListener('click', () => order.push('click'));
    pointer('pointerdown', button);
    press.afterPress(() => order.push('takeover'));
    await nextTask();
    expect(order).toEqual([]);
    pointer('pointerup', document.body);
    button.click();
    await nextTask();
    expect(order).toEqual(['click', 'takeover']);
  });

  it('waits for Space to come up (buttons act on its keyup), but not for Enter', async () => {
    const { button, press } = watched();
    let ran = 0;
    key('keydown', button, 'Enter');
    press.afterPress(() => ran++);
    expect(ran).toBe(1);
    key('keydown', button);
    press.afterPress(() => ran++);
    await nextTask();
    expect(ran).toBe(1);
    key('keyup', button);
    await nextTask();
    expect(ran).toBe(2);
  });

  it('can be cancelled, and gives up on its own owner being removed', async () => {
    const { button, owner, press } = watched();
    let ran = 0;
    pointer('pointerdown', button);
    const cancel = press.afterPress(() => ran++);
    cancel();
    pointer('pointercancel', window);
    await nextTask();
    expect(ran).toBe(0);
    pointer('pointerdown', button);
    press.afterPress(() => ran++);
    owner.removeAll();
    pointer('pointerup', window);
    await nextTask();
    expect(ran).toBe(0);
  });
});
