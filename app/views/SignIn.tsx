/**
 * Sign-in with the development identity provider (the demo's sign-in), as a page or, when the
 * session ended, as a dialog over the app (`again`): the app stays as it was and every request that
 * was refused is sent again once signed in.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { describeFailure } from '../state/errors';
import { session, signIn, signOut } from '../state/session';

export function SignIn({ again = false }: { again?: boolean }) {
  const words = t();
  const [name, setName] = useState(session.value?.name ?? '');
  const [email, setEmail] = useState(session.value?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);

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
      const status = (failure as { status?: number }).status;
      setError(status === 403 ? words.errors.notMember : status === 404 ? words.errors.noSignIn : describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  const form = (
    <form class="sign-in" onSubmit={submit} aria-labelledby="sign-in-title" aria-describedby={error ? 'sign-in-error' : undefined}>
      <h1 id="sign-in-title">{words.signIn.title}</h1>
      <p class="muted">{again ? words.signIn.expired : words.signIn.intro}</p>
      <label class="field">
        <span>{words.signIn.name}</span>
        <input name="name" autoComplete="name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{words.signIn.email}</span>
        <input name="email" type="email" autoComplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      </label>
      {error && (
        <p id="sign-in-error" class="error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        {again && (
          <button type="button" class="button" onClick={() => void signOut()}>
            {words.signIn.signOut}
          </button>
        )}
        <button type="submit" class="button button--primary" disabled={busy}>
          {busy ? words.signIn.busy : words.signIn.submit}
        </button>
      </div>
      <p class="muted small">{words.signIn.devNote}</p>
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
