/**
 * The workspace's two creation forms, behind "New folder" and "New webpage markup": a folder name,
 * or a page URL with an optional name. The form stays open with what was typed when the server
 * refuses (the reason shows above the list); a new markup opens its page.
 */
import { useState } from 'preact/hooks';
import { t } from '../i18n';
import { markupHref, navigate } from '../router/router';
import { changing, createFolder, createUrlMarkup } from '../state/workspace';

export function WorkspaceForms({ archived }: { archived: boolean }) {
  const words = t().workspace;
  const [open, setOpen] = useState<'none' | 'folder' | 'markup'>('none');
  const [folderName, setFolderName] = useState('');
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const busy = changing.value;
  if (archived) return null;
  const toggle = (which: 'folder' | 'markup') => setOpen(open === which ? 'none' : which);

  return (
    <div class="ws-create">
      <div class="ws-create-buttons">
        <button
          type="button"
          class="button button--small"
          aria-expanded={open === 'folder'}
          aria-controls="new-folder"
          onClick={() => toggle('folder')}
        >
          {words.newFolder}
        </button>
        <button
          type="button"
          class="button button--small button--primary"
          aria-expanded={open === 'markup'}
          aria-controls="new-markup"
          onClick={() => toggle('markup')}
        >
          {words.newMarkup}
        </button>
      </div>
      <form
        id="new-folder"
        class="card-form"
        hidden={open !== 'folder'}
        aria-label={words.newFolder}
        onSubmit={async (event) => {
          event.preventDefault();
          if (!folderName.trim()) return;
          if (await createFolder(folderName, words.created)) {
            setFolderName('');
            setOpen('none');
          }
        }}
      >
        <label class="field">
          <span>{words.folderName}</span>
          <input value={folderName} required maxLength={255} onInput={(e) => setFolderName(e.currentTarget.value)} />
        </label>
        <FormButtons busy={busy} words={words} onCancel={() => setOpen('none')} />
      </form>
      <form
        id="new-markup"
        class="card-form"
        hidden={open !== 'markup'}
        aria-label={words.newMarkup}
        onSubmit={async (event) => {
          event.preventDefault();
          const made = await createUrlMarkup(url, name, words.created);
          if (!made) return;
          setUrl('');
          setName('');
          setOpen('none');
          navigate(markupHref(made.id));
        }}
      >
        <label class="field">
          <span>{words.url}</span>
          <input
            type="url"
            value={url}
            required
            placeholder="https://"
            aria-describedby="new-markup-hint"
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
        </label>
        <p id="new-markup-hint" class="small muted">
          {words.urlHint}
        </p>
        <label class="field">
          <span>{words.name}</span>
          <input value={name} maxLength={255} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <FormButtons busy={busy} words={words} onCancel={() => setOpen('none')} />
      </form>
    </div>
  );
}

/** Create and Cancel, the same under both forms. */
function FormButtons({
  busy,
  words,
  onCancel,
}: {
  busy: boolean;
  words: { working: string; create: string; cancel: string };
  onCancel(): void;
}) {
  return (
    <div class="form-buttons">
      <button type="submit" class="button button--primary" disabled={busy}>
        {busy ? words.working : words.create}
      </button>
      <button type="button" class="button button--quiet" onClick={onCancel}>
        {words.cancel}
      </button>
    </div>
  );
}
