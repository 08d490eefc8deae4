/**
 * "Report as a guest" in the sign-in panel (issue 18), shown when the installation takes reports from
 * guests: a name and an e-mail address, nothing else. Opening the form starts the check that a person
 * is here (state/actions/guest-actions.ts), so it is usually done by the time the visitor sends. The
 * form is filled in from what this browser remembers; refusals are explained in words.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useWidget } from '../hooks';
import { describeError, strings } from '../strings';
import type { WidgetError } from '../../state/model/store';
import css from './guest.css?inline';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function explain(error: WidgetError): string {
  const words = strings.signIn.guest.errors;
  if (words[error.code]) return words[error.code]!;
  if (/^(challenge_|proof_)/.test(error.code)) return words.check_failed!;
  if (error.code === 'validation_failed') return words.invalid!;
  return describeError(error);
}

export function GuestForm() {
  const { controller, adoptStyles } = useWidget();
  const { store, actions } = controller;
  adoptStyles(css);
  const t = strings.signIn.guest;
  const [open, setOpen] = useState(false);
  const remembered = useRef(actions.rememberedGuest());
  const [name, setName] = useState(remembered.current?.name ?? '');
  const [email, setEmail] = useState(remembered.current?.email ?? '');
  const [invalid, setInvalid] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const { sending, error } = store.guests.value;

  useEffect(() => {
    if (open) {
      actions.prepareGuest();
      first.current?.focus({ preventScroll: true });
    }
  }, [open]);

  if (!open) {
    return (
      <>
        <p class="pm-guest-or">{t.or}</p>
        <button ref={opener} type="button" class="pm-button pm-wide" onClick={() => setOpen(true)}>
          {t.open}
        </button>
      </>
    );
  }

  const problem = invalid ? t.errors.invalid : error ? explain(error) : null;
  return (
    <form
      class="pm-guest-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim() || !EMAIL.test(email.trim())) {
          setInvalid(true);
          return;
        }
        void actions.reportAsGuest(name, email);
      }}
    >
      <p class="pm-guest-or">{t.or}</p>
      <p class="pm-intro">{t.intro}</p>
      <label>
        {t.name}
        <input
          ref={first}
          name="name"
          autocomplete="name"
          maxLength={100}
          value={name}
          aria-invalid={invalid && !name.trim()}
          onInput={(event) => {
            setName(event.currentTarget.value);
            setInvalid(false);
          }}
        />
      </label>
      <label>
        {t.email}
        <input
          name="email"
          type="email"
          autocomplete="email"
          inputMode="email"
          maxLength={254}
          value={email}
          aria-invalid={invalid && !EMAIL.test(email.trim())}
          onInput={(event) => {
            setEmail(event.currentTarget.value);
            setInvalid(false);
          }}
        />
      </label>
      <p class="pm-muted">{remembered.current ? t.remembered : t.privacy}</p>
      {sending ? (
        <p class="pm-status" role="status">
          <span class="pm-spinner" aria-hidden="true" />
          {t.sending}
        </p>
      ) : (
        <div class="pm-guest-actions">
          <button type="button" class="pm-button" onClick={() => setOpen(false)}>
            {t.back}
          </button>
          <button type="submit" class="pm-button pm-button--primary">
            {t.submit}
          </button>
        </div>
      )}
      {problem && (
        <p class="pm-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
