/** The top bar: the product and workspace, theme and language, the key list, who is signed in. */
import { language, setLanguage, t, type Language } from '../i18n';
import { folderHref, hrefFor, integrationsHref, isPlainClick, mailHref, metricsHref, navigate, route } from '../router/router';
import { AppLink } from './AppLink';
import { session, signOut } from '../state/session';
import { setTheme, theme, type Theme } from '../state/prefs';
import { shortcutsOpen } from '../state/ui';

export function Header() {
  const words = t();
  const who = session.value!;
  const workspace = who.workspaces.find((w) => w.id === who.workspaceId)?.name;
  const name = route.value.name;
  const section =
    name === 'workspace' || name === 'markup'
      ? 'workspace'
      : name === 'metrics' || name === 'mail' || name === 'integrations'
        ? name
        : 'inbox';
  return (
    <header class="topbar">
      <a
        class="brand"
        href={hrefFor(null, new URLSearchParams())}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          navigate(hrefFor(null, new URLSearchParams()));
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
            fill="currentColor"
          />
        </svg>
        <span>{words.appName}</span>
      </a>
      {workspace && <span class="workspace">{workspace}</span>}
      <nav class="topnav" aria-label={words.nav.main}>
        <AppLink href={hrefFor(null)} aria-current={section === 'inbox' ? 'page' : undefined}>
          {words.nav.inbox}
        </AppLink>
        <AppLink href={folderHref(null)} aria-current={section === 'workspace' ? 'page' : undefined}>
          {words.nav.workspace}
        </AppLink>
        <AppLink href={metricsHref()} aria-current={section === 'metrics' ? 'page' : undefined}>
          {words.nav.metrics}
        </AppLink>
        <AppLink href={mailHref()} aria-current={section === 'mail' ? 'page' : undefined}>
          {words.nav.mail}
        </AppLink>
        <AppLink href={integrationsHref()} aria-current={section === 'integrations' ? 'page' : undefined}>
          {words.nav.integrations}
        </AppLink>
      </nav>
      <div class="topbar-tools">
        <label class="compact-select">
          <span class="visually-hidden">{words.prefs.theme}</span>
          <select value={theme.value} onChange={(event) => setTheme(event.currentTarget.value as Theme)}>
            <option value="system">{words.prefs.system}</option>
            <option value="light">{words.prefs.light}</option>
            <option value="dark">{words.prefs.dark}</option>
          </select>
        </label>
        <label class="compact-select">
          <span class="visually-hidden">{words.prefs.language}</span>
          <select value={language.value} onChange={(event) => void setLanguage(event.currentTarget.value as Language)}>
            <option value="en">English</option>
            <option value="de">Deutsch</option>
          </select>
        </label>
        <button
          type="button"
          class="icon-button"
          aria-label={words.shortcuts.button}
          title={words.shortcuts.button}
          onClick={() => (shortcutsOpen.value = true)}
        >
          ?
        </button>
        <span class="who" title={who.email ?? who.name}>
          {who.name}
        </span>
        <button type="button" class="button button--quiet" onClick={() => void signOut()}>
          {words.signIn.signOut}
        </button>
      </div>
    </header>
  );
}
