/**
 * The markup page's installation: the `<script>` tag to paste (public key, markup id, this server
 * as the widget's origin and API base) with a Copy button, the installation's allowed origins, and
 * — for owners and admins — the "Allow origin" form, prefilled with the site's own origin while that
 * is not allowed yet. A refused origin (422) shows the server's reason and keeps the text. Below
 * them, the installation's guest reporting (GuestSettings, issue 18).
 */
import { useState } from 'preact/hooks';
import type { InstallationSummary } from '../../src/api/wire';
import { t } from '../i18n';
import { describeFailure } from '../state/errors';
import { allowOrigin, originBusy, originError, snippetOf } from '../state/markup-page';
import { canManage } from '../state/workspace';
import { GuestSettings } from './GuestSettings';

export function InstallSnippet({
  installation,
  markupId,
  siteOrigin,
}: {
  installation: InstallationSummary;
  markupId: string;
  siteOrigin: string | null;
}) {
  const words = t().markupPage;
  const snippet = snippetOf(location.origin, installation.publicKey, markupId);
  const missingOrigin = siteOrigin && !installation.allowedOrigins.includes(siteOrigin) ? siteOrigin : '';
  const [origin, setOrigin] = useState(missingOrigin);
  const [note, setNote] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setNote(words.copied);
    } catch {
      setNote(words.copyFailed);
    }
  };
  return (
    <>
      <section class="panel" aria-labelledby="install-title">
        <h2 id="install-title" class="panel-title">
          {words.install}
        </h2>
        <p class="small">{words.installIntro}</p>
        <div class="snippet">
          <pre tabIndex={0} aria-label={words.snippet}>
            <code>{snippet}</code>
          </pre>
          <div class="snippet-tools">
            <button type="button" class="button button--small" onClick={() => void copy()}>
              {words.copy}
            </button>
            <span class="small muted" role="status">
              {note}
            </span>
          </div>
        </div>
        <dl class="facts facts--inline">
          <div>
            <dt>{words.publicKey}</dt>
            <dd>
              <code>{installation.publicKey}</code>
            </dd>
          </div>
          <div>
            <dt>{words.markupId}</dt>
            <dd>
              <code>{markupId}</code>
            </dd>
          </div>
        </dl>
      </section>
      <section class="panel" aria-labelledby="origins-title">
        <h2 id="origins-title" class="panel-title">
          {words.origins}
        </h2>
        <p class="small muted">{words.originsIntro}</p>
        {missingOrigin && <p class="notice notice--info small">{words.pageOrigin(missingOrigin)}</p>}
        {installation.allowedOrigins.length ? (
          <ul class="origin-list" aria-label={words.origins}>
            {installation.allowedOrigins.map((o) => (
              <li key={o}>
                <code>{o}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">{words.noOrigins}</p>
        )}
        {canManage.value && (
          <form
            class="inline-form"
            onSubmit={async (event) => {
              event.preventDefault();
              const value = origin.trim();
              if (value && (await allowOrigin(installation.id, value))) {
                setNote('');
                setOrigin('');
              }
            }}
          >
            <label class="field field--grow">
              <span>{words.origin}</span>
              <input value={origin} required placeholder={words.originHint} onInput={(e) => setOrigin(e.currentTarget.value)} />
            </label>
            <button type="submit" class="button button--primary" disabled={originBusy.value}>
              {words.allowOrigin}
            </button>
          </form>
        )}
        {originError.value !== null && (
          <div class="notice notice--error" role="alert">
            <span>{describeFailure(originError.value)}</span>
          </div>
        )}
      </section>
      <GuestSettings installation={installation} />
    </>
  );
}
