/**
 * The reply box: the widget's rich-text editor on the thread's draft (kept through failures, other
 * threads and reloads), with @mentions of the markup's taggable people stored as the widget stores
 * them (a mention insert in the Delta), sent with the button or Ctrl/Cmd+Enter; `r` focuses it.
 */
import { useEffect, useRef } from 'preact/hooks';
import { EMPTY_DELTA } from '../../src/delta';
import { RichTextEditor, type RichTextEditorHandle } from '../../src/ui/editor';
import type { MentionSource } from '../../src/ui/editor/RichTextEditor';
import { t } from '../i18n';
import { drafts, setDraft } from '../state/drafts';
import { busy, reply } from '../state/thread';
import { focusReply } from '../state/ui';

/** The last focus request served (focusReply counts up). */
let handledFocus = 0;

function hasText(delta: { ops?: { insert?: unknown }[] } | undefined): boolean {
  return !!delta?.ops?.some((op) => (typeof op.insert === 'string' ? op.insert.trim() !== '' : op.insert !== undefined));
}

export function Reply({ threadId, mentions }: { threadId: string; mentions?: MentionSource }) {
  const words = t().thread;
  const editor = useRef<RichTextEditorHandle>(null);
  const draft = drafts.value[threadId];
  const sending = !!busy.value.reply;

  // A request made before this box existed (r in the list opens the thread first) still counts.
  useEffect(() => {
    if (focusReply.value <= handledFocus) return;
    handledFocus = focusReply.value;
    editor.current?.focus();
  }, [focusReply.value]);

  const send = async () => {
    const value = editor.current?.getValue() ?? draft;
    if (sending || !hasText(value)) return;
    if (await reply(threadId, value!)) editor.current?.setValue(EMPTY_DELTA);
  };

  return (
    <div class="reply">
      <RichTextEditor
        label={words.reply}
        placeholder={words.reply}
        value={draft ?? EMPTY_DELTA}
        onChange={(delta) => setDraft(threadId, delta)}
        onSubmit={() => void send()}
        mentions={mentions}
        editorRef={editor}
      />
      <div class="actions">
        <button type="button" class="button button--primary" disabled={sending} onClick={() => void send()}>
          {sending ? words.sending : words.send}
        </button>
      </div>
    </div>
  );
}
