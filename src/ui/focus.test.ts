/**
 * Focus inside a widget dialog when the focused part is replaced: the browser would drop it on
 * <body>; `keepFocusInside` hands it to what replaced it, in real Chromium.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusInside } from './focus';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((undo) => undo()));

/** A host with an open shadow root holding a dialog with a text box and a replaceable section. */
function dialogInShadow() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  const textbox = document.createElement('textarea');
  const section = document.createElement('section');
  const cancel = document.createElement('button');
  cancel.textContent = 'Cancel screenshot';
  section.append(cancel);
  dialog.append(textbox, section);
  root.append(dialog);
  cleanups.push(() => host.remove());
  return { host, root, dialog, section, cancel };
}

const mutationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepFocusInside', () => {
  it('moves focus to the part that replaced the focused one', async () => {
    const { host, root, dialog, section, cancel } = dialogInShadow();
    cleanups.push(keepFocusInside(dialog, host));
    cancel.focus();
    const annotate = document.createElement('button');
    annotate.textContent = 'Annotate';
    section.replaceChildren(annotate);
    await mutationsDelivered();
    expect(root.activeElement).toBe(annotate);
  });

  it('without it the browser drops focus out of the dialog (what the keeper is for)', async () => {
    const { root, section, cancel } = dialogInShadow();
    cancel.focus();
    section.replaceChildren(document.createElement('button'));
    await mutationsDelivered();
    expect(root.activeElement).toBeNull();
  });

  it('falls back to the dialog when the whole part is gone, and leaves focus the reviewer moved alone', async () => {
    const { host, root, dialog, section, cancel } = dialogInShadow();
    cleanups.push(keepFocusInside(dialog, host));
    cancel.focus();
    section.remove();
    await mutationsDelivered();
    expect(root.activeElement).toBe(dialog.querySelector('textarea'));

    const outside = document.createElement('input');
    document.body.append(outside);
    cleanups.push(() => outside.remove());
    outside.focus();
    dialog.append(document.createElement('button'));
    await mutationsDelivered();
    expect(document.activeElement).toBe(outside);
  });

  it('stops watching when undone', async () => {
    const { host, root, dialog, section, cancel } = dialogInShadow();
    keepFocusInside(dialog, host)();
    cancel.focus();
    section.replaceChildren(document.createElement('button'));
    await mutationsDelivered();
    expect(root.activeElement).toBeNull();
  });
});
