/**
 * The real <input> laid over the screenshot where a text note goes: typing, IME, selection and screen
 * readers all work as in any field. Enter commits, Esc drops this text only, and leaving the field
 * commits too, so nothing typed is lost. The words reach the image through fillText, never as HTML.
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { strings } from '../strings';
import { textFont } from './text-metrics';
import type { TextDraft } from './use-editor';

const t = strings.annotate;

export interface TextFieldProps {
  draft: TextDraft;
  /** Displayed px per CSS px of the screenshot: where the field sits and how big its letters are. */
  zoom: number;
  /** `fromKey`: Enter, so focus should go back to the surface; a blur has already put it elsewhere. */
  onCommit(value: string, fromKey: boolean): void;
  onCancel(): void;
}

const MAX_LENGTH = 500;
/** The field's padding + border, so its letters start where the canvas will draw them. */
const INSET_PX = 5;

export function TextField({ draft, zoom, onCommit, onCancel }: TextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(draft.initial);

  useLayoutEffect(() => {
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, []);

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onCommit(event.currentTarget.value, true);
      // Ctrl/Cmd+Enter goes on to the dialog, which finishes the whole annotation.
      if (!event.ctrlKey && !event.metaKey) event.stopPropagation();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const fontSize = draft.size * zoom;
  return (
    <input
      ref={input}
      class="pm-annotate-text"
      type="text"
      aria-label={t.textField}
      placeholder={t.textPlaceholder}
      maxLength={MAX_LENGTH}
      size={Math.max(14, value.length + 2)}
      value={value}
      style={{
        left: `${draft.x * zoom - INSET_PX}px`,
        top: `${draft.y * zoom - INSET_PX}px`,
        font: textFont(fontSize),
        color: draft.color,
      }}
      onInput={(event) => setValue(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      onBlur={(event) => onCommit(event.currentTarget.value, false)}
    />
  );
}
