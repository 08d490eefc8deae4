/**
 * A small rich-text editor that writes Quill Deltas without shipping Quill: formats, lists, links,
 * @mentions, paste cleaning. The editing itself is EditorCore's; this component adds the toolbar,
 * the link field, the mention list and the keys that drive them.
 *
 * `value` loads content: the Delta we last emitted is recognised and ignored, anything else replaces
 * the content (a reset after posting, a restored draft, a message to edit). `editorRef` gives
 * focus/getValue/setValue for callers that prefer to push.
 */
import type { JSX, Ref } from 'preact';
import { useContext, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Delta } from '../../api/wire';
import { Widget } from '../hooks';
import { createEditor, type Editor } from './core';
import { LinkField } from './LinkField';
import { matching, MentionList, type MentionCandidate } from './MentionList';
import { isEmpty } from './model';
import { strings, type EditorTool } from '../strings';
import { useEditorStyles } from './styles';
import { Toolbar } from './Toolbar';

const t = strings.editor;

export type MentionSource = (query: string) => Promise<MentionCandidate[]> | MentionCandidate[];

export interface RichTextEditorHandle {
  /** Focus with the caret where it was (at the end after a load). */
  focus(): void;
  getValue(): Delta;
  /** Replaces the content; undo history starts over. */
  setValue(value: Delta): void;
}

export interface RichTextEditorProps {
  value?: Delta | undefined;
  onChange?: ((delta: Delta) => void) | undefined;
  /** Ctrl/Cmd+Enter. Without it the key goes on to the surrounding dialog. */
  onSubmit?: (() => void) | undefined;
  /** Esc (once no list or field is open). Without it the key goes on to the surrounding dialog. */
  onCancel?: (() => void) | undefined;
  /** The accessible name of the text box. */
  label: string;
  placeholder?: string | undefined;
  /** People for @mentions; without it `@` is just a character. */
  mentions?: MentionSource | undefined;
  disabled?: boolean | undefined;
  invalid?: boolean | undefined;
  autoFocus?: boolean | undefined;
  /** id of an error or hint the text box is described by. */
  describedBy?: string | undefined;
  id?: string | undefined;
  editorRef?: Ref<RichTextEditorHandle> | undefined;
}

let instances = 0;

export function RichTextEditor(props: RichTextEditorProps) {
  const { label, placeholder, disabled, invalid, mentions } = props;
  const widget = useContext(Widget);
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLDivElement>(null);
  const pop = useRef<HTMLDivElement>(null);
  const core = useRef<Editor | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const id = useMemo(() => `pm-rte-${++instances}`, []);
  const [, setTick] = useState(0);
  const [link, setLink] = useState<{ from: number; to: number; href: string | null } | null>(null);
  const [found, setFound] = useState({ key: '', items: [] as MentionCandidate[], status: '' });
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(-1);
  useEditorStyles(wrapper);

  const report = (error: unknown) => (widget ? widget.controller.report(error, 'ui') : console.warn('[pinmark]', error));
  // Our handlers never throw into the host page; a caller's callback failing is reported, not fatal.
  const guard = (run: () => void) => {
    try {
      run();
    } catch (error) {
      report(error);
    }
  };

  useLayoutEffect(() => {
    const editor = (core.current = createEditor(input.current!, latest.current.value, {
      change: (delta) => guard(() => latest.current.onChange?.(delta)),
      update: () => setTick((n) => n + 1),
      error: report,
    }));
    // Focusing makes the browser style and lay out the new composer at once, inside the click that
    // opened it; in the next frame that work is part of rendering instead, and the click's task
    // stays short (the host's main thread is never held for more than 50 ms).
    const frame = latest.current.autoFocus ? requestAnimationFrame(() => guard(() => editor.focus())) : 0;
    return () => {
      cancelAnimationFrame(frame);
      editor.destroy();
    };
  }, []);

  useLayoutEffect(() => {
    const editor = core.current;
    if (editor && props.value && props.value !== editor.value() && !editor.shows(props.value)) guard(() => editor.load(props.value));
  }, [props.value]);

  useImperativeHandle(
    props.editorRef ?? null,
    () => ({
      focus: () => core.current?.focus(),
      getValue: () => core.current!.value(),
      setValue: (value: Delta) => core.current?.load(value),
    }),
    [],
  );

  const editor = core.current;
  const formats = editor?.formats() ?? {};
  const trigger = editor && mentions && !disabled ? editor.mentionQuery() : null;
  const live = trigger && trigger.start !== dismissed ? `${trigger.start}:${trigger.query}` : '';
  const query = trigger?.query ?? '';
  const listId = `${id}-people`;

  // A layout effect: a synchronous source's list is there before the next key (a quick "@ad⏎").
  useLayoutEffect(() => {
    if (!trigger) setDismissed(-1);
    if (!live) return;
    let current = true;
    const show = (items: MentionCandidate[], status = '') => {
      if (!current) return;
      setFound({ key: live, items, status: items.length || status ? status : t.mentions.none });
      setActive(0);
    };
    try {
      const result = latest.current.mentions!(query);
      if (Array.isArray(result)) show(matching(result, query));
      else {
        // Until the answer comes, the people already listed that still match stay.
        show(matching(found.items, query), t.mentions.searching);
        Promise.resolve(result).then(
          (list) => show(matching(list, query)),
          () => show([], t.mentions.failed),
        );
      }
    } catch {
      show([], t.mentions.failed);
    }
    return () => void (current = false);
  }, [live, trigger?.start]);

  // "@ada said" with nobody called that: the list gives way to the sentence.
  const open = !!live && found.key === live && (found.items.length > 0 || found.status !== t.mentions.none || !/\s/.test(query));

  useLayoutEffect(() => {
    const box = wrapper.current;
    if (!open || !editor || !box || !pop.current) return;
    const caret = editor.caretRect();
    const outer = box.getBoundingClientRect();
    pop.current.style.left = `${Math.max(0, Math.min(caret.left - outer.left, outer.width - pop.current.offsetWidth))}px`;
    pop.current.style.top = `${caret.bottom - outer.top + 4}px`;
  });

  const choose = (index: number) => {
    const person = found.items[index];
    if (!editor || !trigger || !person) return;
    editor.insertMention(trigger.start, { mention: { id: person.id, value: person.name, denotationChar: '@' } });
  };

  const openLink = () => editor && !disabled && setLink(editor.linkRange());

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) =>
    guard(() => {
      if (!editor || disabled || event.isComposing || event.keyCode === 229) return;
      editor.readSelection();
      const mod = event.ctrlKey || event.metaKey;
      const count = found.items.length;
      const stop = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (open && count && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        stop();
        setActive((active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
      } else if (open && count && ((event.key === 'Enter' && !mod) || event.key === 'Tab')) {
        stop();
        choose(active);
      } else if (open && event.key === 'Escape') {
        stop();
        setDismissed(trigger!.start);
      } else if (link && event.key === 'Escape') {
        stop();
        setLink(null);
      } else if (mod && event.key === 'Enter') {
        if (latest.current.onSubmit) {
          stop();
          latest.current.onSubmit();
        }
      } else if (event.key === 'Escape') {
        if (latest.current.onCancel) {
          stop();
          latest.current.onCancel();
        }
      } else if (mod && !event.altKey && !event.shiftKey && (event.key.toLowerCase() === 'k' || event.code === 'KeyK')) {
        event.preventDefault();
        openLink();
      } else if (editor.keydown(event)) {
        event.preventDefault();
      }
    });

  const onTool = (tool: EditorTool) =>
    guard(() => {
      if (!editor) return;
      editor.readSelection();
      if (tool === 'link') openLink();
      else if (tool === 'bullet' || tool === 'ordered') editor.toggleList(tool);
      else editor.toggle(tool);
    });
  const pressed = (tool: EditorTool) => (tool === 'bullet' || tool === 'ordered' ? formats.list === tool : !!formats[tool]);

  const closeLink = () => {
    setLink(null);
    editor?.focus();
  };

  return (
    <div ref={wrapper} class={`pm-rte${invalid ? ' pm-rte--invalid' : ''}${disabled ? ' pm-rte--disabled' : ''}`}>
      <div
        ref={input}
        id={props.id}
        class="pm-rte-input"
        role="textbox"
        aria-multiline
        aria-label={label}
        aria-placeholder={placeholder}
        data-empty={!editor || isEmpty(editor.doc()) ? '' : undefined}
        aria-invalid={invalid}
        aria-disabled={disabled}
        aria-describedby={props.describedBy}
        aria-autocomplete={mentions ? 'list' : undefined}
        // No aria-expanded: a textbox may not carry it (ARIA 1.2); the active option is announced instead.
        aria-controls={mentions ? listId : undefined}
        aria-activedescendant={open && found.items.length ? `${listId}-${active}` : undefined}
        contentEditable={!disabled}
        spellcheck
        onKeyDown={onKeyDown}
      />
      {mentions && (
        <MentionList
          id={listId}
          open={open}
          items={found.items}
          active={active}
          status={found.status}
          popRef={pop}
          onChoose={(n) => guard(() => choose(n))}
          onHover={setActive}
        />
      )}
      {link && (
        <LinkField
          key={`${link.from}:${link.to}`}
          id={id}
          initial={link.href ?? ''}
          onApply={(href) =>
            guard(() => {
              setLink(null);
              editor?.setLink(link.from, link.to, href);
            })
          }
          onClose={closeLink}
        />
      )}
      <Toolbar pressed={pressed} onTool={onTool} disabled={disabled} />
    </div>
  );
}

export type { MentionCandidate };
