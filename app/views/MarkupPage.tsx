/**
 * A markup's page (/app/markups/:id): its name and address, the installation (InstallSnippet), its
 * pages (the distinct page URLs of its threads, each a link into the inbox filtered to it) and a
 * link to all its threads in the inbox. An unknown or deleted id says so with a way back. A file
 * markup's page is its review instead (file-review/, a lazy chunk).
 */
import { useLayoutEffect } from 'preact/hooks';
import { t } from '../i18n';
import { folderHref, hrefFor } from '../router/router';
import { describeFailure } from '../state/errors';
import { loadMarkupPage, markupPage, originOf } from '../state/markup-page';
import { session } from '../state/session';
import { AppLink } from './AppLink';
import { LazyFileReview } from './file-review/LazyFileReview';
import { InstallSnippet } from './InstallSnippet';

const inboxFor = (params: Record<string, string>) => hrefFor(null, new URLSearchParams({ status: 'all', ...params }));

export function MarkupPage({ markupId }: { markupId: string }) {
  const words = t().markupPage;
  const workspaceId = session.value?.workspaceId;
  // Before the first paint, not after it: a cold open waits for nothing but the markup.
  useLayoutEffect(() => void loadMarkupPage(markupId), [markupId, workspaceId]);
  const state = markupPage.value;
  // An image, PDF or video markup's page is its review (issue 17).
  if (state.status === 'ready' && state.id === markupId && state.markup.type !== 'webpage')
    return <LazyFileReview markupId={markupId} markup={state.markup} />;

  if (state.status !== 'ready' || state.id !== markupId)
    return (
      <div class="page">
        {state.status === 'missing' || state.status === 'error' ? (
          <div class="notice notice--error" role="alert">
            <span>{state.status === 'missing' ? words.missing : describeFailure(state.error)}</span>
            {state.status === 'missing' ? (
              <AppLink href={folderHref(null)}>{t().workspace.showFolders}</AppLink>
            ) : (
              <button type="button" class="button button--small" onClick={() => void loadMarkupPage(markupId)}>
                {t().errors.retry}
              </button>
            )}
          </div>
        ) : (
          <p class="muted" role="status">
            {words.loading}
          </p>
        )}
      </div>
    );

  const { markup, installations, pages } = state;
  const url = markup.type === 'webpage' ? markup.url : markup.markupUrl;
  const folderId = 'parentFolderId' in markup ? (markup.parentFolderId as string) : null;
  return (
    <div class="page">
      <p class="back-row">
        <AppLink href={folderHref(folderId)} class="back-link">
          ← {t().workspace.title}
        </AppLink>
      </p>
      <div class="page-head">
        <div>
          <h1 class="page-title">{markup.name}</h1>
          {url && /^https?:/i.test(url) && (
            <a class="small break" href={url} target="_blank" rel="noopener noreferrer nofollow">
              {url}
            </a>
          )}
        </div>
        <AppLink href={inboxFor({ markupId: markup.id })} class="button button--small">
          {words.openInbox}
        </AppLink>
      </div>
      <div class="markup-grid">
        <div class="markup-col">
          {installations === null ? (
            <p class="notice notice--error">{t().errors.generic}</p>
          ) : installations.length ? (
            <InstallSnippet installation={installations[0]!} markupId={markup.id} siteOrigin={originOf(url)} key={installations[0]!.id} />
          ) : (
            <p class="notice notice--info">{words.noInstallation}</p>
          )}
        </div>
        <section class="panel" aria-labelledby="pages-title">
          <h2 id="pages-title" class="panel-title">
            {words.pages}
          </h2>
          {pages === null ? (
            <p class="muted">{t().errors.generic}</p>
          ) : pages.length ? (
            <ul class="page-list" aria-label={words.pages}>
              {pages.map((page) => (
                <li key={page.url}>
                  <AppLink href={inboxFor({ markupId: markup.id, url: page.url })} class="break">
                    {page.url.replace(/^https?:\/\//, '')}
                  </AppLink>
                  <span class="small muted">{words.threadsOnPage(page.count)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p class="muted">{words.noPages}</p>
          )}
        </section>
      </div>
    </div>
  );
}
