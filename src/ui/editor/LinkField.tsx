/**
 * The small inline field Ctrl+K opens for a link's address (inside the widget: a window.prompt would
 * block the host page and escape our styling). Enter applies, Esc closes; both stay in here so the
 * composer around us neither posts nor closes.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { linkFromInput } from './link';
import { strings } from '../strings';

const t = strings.editor;

export interface LinkFieldProps {
  id: string;
  initial: string;
  onApply: (href: string | null) => void;
  onClose: () => void;
}

export function LinkField({ id, initial, onApply, onClose }: LinkFieldProps) {
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, []);

  const apply = () => {
    const href = linkFromInput(value);
    // An emptied field removes the link it was opened on.
    if (href || (initial && !value.trim())) onApply(href);
    else setInvalid(true);
  };
  return (
    <div
      class="pm-rte-link"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' && event.key !== 'Enter') return;
        event.stopPropagation();
        // Enter on a button presses it; in the field it applies.
        if (event.key === 'Enter' && event.target !== input.current) return;
        event.preventDefault();
        if (event.key === 'Enter') apply();
        else onClose();
      }}
    >
      <input
        ref={input}
        type="url"
        aria-label={t.link.field}
        placeholder={t.link.placeholder}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onInput={(event) => {
          setValue(event.currentTarget.value);
          setInvalid(false);
        }}
      />
      <button type="button" onClick={apply}>
        {t.link.apply}
      </button>
      {initial && (
        <button type="button" onClick={() => onApply(null)}>
          {t.link.remove}
        </button>
      )}
      <button type="button" onClick={onClose}>
        {t.link.cancel}
      </button>
      {invalid && <p id={`${id}-error`}>{t.link.invalid}</p>}
    </div>
  );
}
