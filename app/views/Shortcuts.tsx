/** The `?` dialog: every key of keyboard triage. A modal <dialog>: focus stays inside, Esc closes it. */
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n';
import { shortcutsOpen } from '../state/ui';

export function Shortcuts() {
  const words = t().shortcuts;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    element?.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);
  const close = () => (shortcutsOpen.value = false);
  return (
    <dialog ref={dialog} class="dialog" aria-labelledby="shortcuts-title" onClose={close}>
      <h2 id="shortcuts-title">{words.title}</h2>
      <dl class="shortcut-list">
        {words.list.map(([key, what]) => (
          <div key={key}>
            <dt>
              {key.split(' / ').map((part, i) => (
                <span key={part}>
                  {i > 0 && ' / '}
                  <kbd>{part}</kbd>
                </span>
              ))}
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <div class="actions">
        <button type="button" class="button button--primary" onClick={close} autoFocus>
          {words.close}
        </button>
      </div>
    </dialog>
  );
}
