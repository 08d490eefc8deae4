/**
 * Sign-in, as a page or, when the session ended, as a dialog over the app (`again`): the app stays
 * as it was and every request that was refused is sent again once signed in. Through the
 * workspace's identity provider (OIDC, production) and/or the development sign-in (the demo's form),
 * as the server says (state/sign-in-config.ts).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { describeFailure } from '../state/errors';
import { session, signIn, signOut } from '../state/session';
import { describeSignInFailure, providerError, signInConfig } from '../state/sign-in-config';

export function SignIn({ again = false }: { again?: boolean }) {
  const words = t();
  const [name, setName] = useState(session.value?.name ?? '');
  const [email, setEmail] = useState(session.value?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [redirecting, setRedirecting] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const config = signInConfig.value;
  const shownError = error || providerError.value;

  useEffect(() => {
    if (!again) return;
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, [again]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await signIn(name.trim(), email.trim());
    } catch (failure) {
      setError(describeSignInFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  const provider = config?.oidc;
  const toProvider = () => {
    if (!provider) return;
    setRedirecting(true);
    providerError.value = '';
    import('../auth/pkce')
      .then(({ startOidcSignIn }) => startOidcSignIn(provider))
      .catch((failure) => {
        setRedirecting(false);
        setError(describeFailure(failure));
      });
  };
  const devForm = config?.devSignIn ?? false;
  const devFields = (
    <>
      <label class="field">
        <span>{words.signIn.name}</span>
        <input name="name" autoComplete="name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{words.signIn.email}</span>
        <input name="email" type="email" autoComplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      </label>
    </>
  );

  const form = (
    <form class="sign-in" onSubmit={submit} aria-labelledby="sign-in-title" aria-describedby={shownError ? 'sign-in-error' : undefined}>
      <h1 id="sign-in-title">{words.signIn.title}</h1>
      <p class="muted">{again ? words.signIn.expired : words.signIn.intro}</p>
      {!config && <p class="muted">{words.signIn.loadingConfig}</p>}
      {config && !provider && !devForm && <p class="error">{words.signIn.notConfigured}</p>}
      {provider && (
        <button type="button" class="button button--primary" onClick={toProvider} disabled={redirecting}>
          {redirecting ? words.signIn.redirecting : words.signIn.withProvider(new URL(provider.issuer).host)}
        </button>
      )}
      {provider && devForm && <p class="muted small">{words.signIn.or}</p>}
      {devForm && devFields}
      {shownError && (
        <p id="sign-in-error" class="error" role="alert">
          {shownError}
        </p>
      )}
      <div class="actions">
        {again && (
          <button type="button" class="button" onClick={() => void signOut()}>
            {words.signIn.signOut}
          </button>
        )}
        {devForm && (
          <button type="submit" class="button button--primary" disabled={busy}>
            {busy ? words.signIn.busy : words.signIn.submit}
          </button>
        )}
      </div>
      {devForm && <p class="muted small">{words.signIn.devNote}</p>}
    </form>
  );

  if (again)
    return (
      <dialog ref={dialog} class="dialog" aria-labelledby="sign-in-title" onCancel={(event) => event.preventDefault()}>
        {form}
      </dialog>
    );
  return <main class="sign-in-page">{form}</main>;
}
