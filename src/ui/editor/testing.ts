/** Test-only: the rich-text editor rendered into an open shadow root (like the widget's), callbacks recorded. */
import { h, render } from 'preact';
import { expect } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Delta } from '../../api/wire';
import { RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from './RichTextEditor';
import { strings, type EditorTool } from '../strings';

export interface EditorRig {
  root: ShadowRoot;
  input: HTMLElement;
  changes: Delta[];
  submits: number;
  cancels: number;
  handle: { current: RichTextEditorHandle | null };
  /** The last Delta onChange delivered (or the initial content's). */
  value(): Delta;
  tool(name: EditorTool): HTMLButtonElement;
  options(): HTMLElement[];
  rerender(props: Partial<RichTextEditorProps>): Promise<void>;
  unmount(): void;
}

export async function mountRichText(props: Partial<RichTextEditorProps> = {}, focus = true): Promise<EditorRig> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  root.append(container);
  let current: Partial<RichTextEditorProps> = props;
  const handle: EditorRig['handle'] = { current: null };
  const draw = () =>
    render(
      h(RichTextEditor, {
        label: 'Comment',
        placeholder: 'Write a comment…',
        onChange: (delta: Delta) => void rig.changes.push(delta),
        onSubmit: () => void rig.submits++,
        onCancel: () => void rig.cancels++,
        editorRef: handle,
        ...current,
      }),
      container,
    );
  const rig: EditorRig = {
    root,
    input: null as unknown as HTMLElement,
    changes: [],
    submits: 0,
    cancels: 0,
    handle,
    value: () => rig.changes[rig.changes.length - 1] ?? handle.current!.getValue(),
    tool: (name) => root.querySelector<HTMLButtonElement>(`button[aria-label="${strings.editor.tools[name].label}"]`)!,
    options: () => [...root.querySelectorAll<HTMLElement>('[role="option"]')],
    async rerender(next) {
      current = { ...current, ...next };
      draw();
      await settle();
    },
    unmount() {
      render(null, container);
      host.remove();
    },
  };
  draw();
  rig.input = root.querySelector<HTMLElement>('[role="textbox"]')!;
  await settle();
  if (focus) await userEvent.click(rig.input);
  return rig;
}

/** Lets Preact render and the browser run its selection and input tasks. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Shortcut with the platform's modifier, in userEvent.keyboard syntax. */
export const mod = (keys: string) => `{Control>}${keys}{/Control}`;

/** A text op, with formats when given. */
export const text = (insert: string, attributes?: Delta['ops'][number]['attributes']) => (attributes ? { insert, attributes } : { insert });

/** After each test: every Delta handed out was a valid document (ending in a newline); then unmount. */
export function finishRig(rig: EditorRig | null): void {
  for (const delta of rig?.changes ?? []) {
    const last = delta.ops[delta.ops.length - 1]!;
    expect(typeof last.insert === 'string' && last.insert.endsWith('\n')).toBe(true);
  }
  rig?.unmount();
}
