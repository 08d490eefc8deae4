/**
 * The formatting buttons: one tab stop (roving tabindex, arrows move between buttons, as the ARIA
 * toolbar pattern has it), each with a name, a shortcut in its title, and aria-pressed showing the
 * format at the caret. Buttons don't take focus on mouse down, so the text keeps its selection.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { strings, type EditorTool } from '../strings';

const t = strings.editor;

const TOOLS = Object.keys(t.tools) as EditorTool[];

// Glyphs as drawn paths: fonts on the host page may lack symbol characters.
const ICONS: Partial<Record<EditorTool, string>> = {
  code: 'M5.5 4 2 8l3.5 4M10.5 4 14 8l-3.5 4',
  link: 'M7 9a2.8 2.8 0 0 0 4 0l2.2-2.2a2.8 2.8 0 0 0-4-4L8.3 3.7M9 7a2.8 2.8 0 0 0-4 0L2.8 9.2a2.8 2.8 0 0 0 4 4l.9-.9',
  bullet: 'M6 4h8M6 8h8M6 12h8M2.5 4h.1M2.5 8h.1M2.5 12h.1',
  ordered: 'M7 4h7M7 8h7M7 12h7M2 3l1-.5V6M2 9.5q1-1 2 0-2 1.8-2 2.5h2',
};
const LETTERS: Partial<Record<EditorTool, JSX.Element>> = {
  bold: <b>B</b>,
  italic: <i style="font-family:Georgia,serif">I</i>,
  underline: <u>U</u>,
  strike: <s>S</s>,
};

export interface ToolbarProps {
  pressed: (tool: EditorTool) => boolean;
  onTool: (tool: EditorTool) => void;
  disabled?: boolean | undefined;
}

export function Toolbar({ pressed, onTool, disabled }: ToolbarProps) {
  const [current, setCurrent] = useState(0);
  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -at, End: buttons.length - 1 - at }[event.key];
    if (step === undefined || at < 0) return;
    event.preventDefault();
    const next = (at + step + buttons.length) % buttons.length;
    setCurrent(next);
    buttons[next]!.focus();
  };
  return (
    <div class="pm-rte-bar" role="toolbar" aria-label={t.toolbar} onKeyDown={onKeyDown}>
      {TOOLS.map((tool, n) => {
        const { label, keys } = t.tools[tool];
        const icon = ICONS[tool];
        return (
          <button
            key={tool}
            type="button"
            aria-label={label}
            title={t.title(label, keys)}
            aria-pressed={pressed(tool)}
            tabIndex={n === current ? 0 : -1}
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(n)}
            onClick={() => onTool(tool)}
          >
            {icon ? (
              <svg viewBox="0 0 16 16" aria-hidden="true">
                <path d={icon} />
              </svg>
            ) : (
              <span aria-hidden="true">{LETTERS[tool]}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
