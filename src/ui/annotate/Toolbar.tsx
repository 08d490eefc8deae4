/**
 * The editor's toolbar: tools, colours, undo/redo/delete and the way out (Done, Cancel). Unavailable
 * actions are aria-disabled rather than disabled so keyboard focus never vanishes from under the user.
 */
import type { JSX } from 'preact';
import { COLORS, TOOLS, type Tool } from './model';
import { strings } from '../strings';
import type { Editor } from './use-editor';

const t = strings.annotate;

export interface ToolbarProps {
  editor: Editor;
  onDone(): void;
  onCancel(): void;
}

const ICONS: Record<Tool, JSX.Element> = {
  box: <rect x="3.5" y="5.5" width="17" height="13" rx="1.5" />,
  arrow: (
    <>
      <path d="M5 19 19 5" />
      <path d="M10 5h9v9" />
    </>
  ),
  pen: <path d="M4 17c3-6 5 2 8-3s4-6 8-7" />,
  text: <path d="M5 6V4.5h14V6M12 4.5v15M9 19.5h6" />,
  hide: <rect x="3.5" y="5.5" width="17" height="13" rx="1.5" fill="currentColor" />,
};

function Icon({ children }: { children: JSX.Element }) {
  return (
    <svg class="pm-annotate-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** Left/Right/Home/End move between the toolbar's buttons (the ARIA toolbar pattern); Tab still works too. */
function moveFocusWithArrows(event: JSX.TargetedKeyboardEvent<HTMLDivElement>) {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };
  if (!(event.key in steps) && event.key !== 'Home' && event.key !== 'End') return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const current = buttons.indexOf(event.target as HTMLButtonElement);
  if (current < 0) return;
  event.preventDefault();
  const next =
    event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (current + steps[event.key]! + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

export function Toolbar({ editor, onDone, onCancel }: ToolbarProps) {
  const history = editor.history.current();
  const canUndo = history.past.length > 0;
  const canRedo = history.future.length > 0;
  const hasSelection = editor.selected !== null;
  const guarded = (enabled: boolean, run: () => void) => () => {
    if (enabled) run();
  };

  return (
    <div class="pm-annotate-toolbar" role="toolbar" aria-label={t.toolbar} onKeyDown={moveFocusWithArrows}>
      <div class="pm-annotate-group">
        {TOOLS.map((tool) => (
          <button
            key={tool}
            type="button"
            class="pm-annotate-tool"
            aria-pressed={editor.tool === tool ? 'true' : 'false'}
            title={t.tools[tool].title}
            data-tool={tool}
            onClick={() => editor.setTool(tool)}
          >
            <Icon>{ICONS[tool]}</Icon>
            <span>{t.tools[tool].label}</span>
          </button>
        ))}
      </div>
      <div class="pm-annotate-group" role="group" aria-label={t.colors.group}>
        {COLORS.map((color) => (
          <button
            key={color.value}
            type="button"
            class="pm-annotate-swatch"
            style={{ '--pm-swatch': color.value }}
            aria-pressed={editor.color === color.value ? 'true' : 'false'}
            aria-label={t.colors[color.name]}
            title={t.colors[color.name]}
            onClick={() => editor.setColor(color.value)}
          />
        ))}
      </div>
      <div class="pm-annotate-group">
        <button
          type="button"
          class="pm-annotate-tool"
          title={t.undoTitle}
          aria-disabled={canUndo ? undefined : 'true'}
          onClick={guarded(canUndo, editor.undo)}
        >
          <Icon>
            <path d="M9 7 4 12l5 5M4 12h11a5 5 0 0 1 0 10h-2" />
          </Icon>
          <span>{t.undo}</span>
        </button>
        <button
          type="button"
          class="pm-annotate-tool"
          title={t.redoTitle}
          aria-disabled={canRedo ? undefined : 'true'}
          onClick={guarded(canRedo, editor.redo)}
        >
          <Icon>
            <path d="m15 7 5 5-5 5M20 12H9a5 5 0 0 0 0 10h2" />
          </Icon>
          <span>{t.redo}</span>
        </button>
        <button
          type="button"
          class="pm-annotate-tool"
          title={t.deleteTitle}
          aria-disabled={hasSelection ? undefined : 'true'}
          onClick={guarded(hasSelection, editor.deleteSelected)}
        >
          <Icon>
            <path d="M5 7h14M10 7V4.5h4V7M7 7l1 13h8l1-13" />
          </Icon>
          <span>{t.deleteShape}</span>
        </button>
      </div>
      <div class="pm-annotate-group pm-annotate-end">
        <button type="button" class="pm-button" title={t.cancelTitle} onClick={onCancel}>
          {t.cancel}
        </button>
        <button type="button" class="pm-button pm-button--primary" title={t.doneTitle} onClick={onDone}>
          {t.done}
        </button>
      </div>
    </div>
  );
}
