/**
 * The small panel above the launcher while signed out: one button that opens the sign-in popup, and,
 * where the installation takes reports from guests, "Report as a guest" (GuestForm, issue 18).
 */
import { useEffect, useRef } from 'preact/hooks';
import { launcherOf, useDialogFocus } from '../focus';
import { useWidget } from '../hooks';
import { describeError, strings } from '../strings';
import { lazyModule } from '../../util/lazy-module';
import { lazyComponent } from '../lazy-media';

/** A chunk of its own: only installations that take guests show it, and only to visitors who open this panel. */
const GuestForm = lazyComponent(
  lazyModule(() => import('./GuestForm')),
  (m) => m.GuestForm,
);

export function SignInPanel() {
  const { controller, host } = useWidget();
  const { store, actions, auth } = controller;
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const session = store.session.value;
  const error = store.signInError.value;
  const waiting = session.status === 'signing-in';
  useDialogFocus(panel, () => launcherOf(host));

  // The button pressed is replaced while waiting: focus moves to what replaced it, not to the page.
  useEffect(() => {
    (waiting ? cancel : button).current?.focus({ preventScroll: true });
  }, [waiting]);

  return (
    <div
      ref={panel}
      class="pm-panel pm-sign-in"
      role="dialog"
      aria-label={strings.signIn.dialog}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          actions.close();
        }
      }}
    >
      <p class="pm-intro">{strings.signIn.intro}</p>
      {waiting ? (
        <>
          <p class="pm-status" role="status">
            <span class="pm-spinner" aria-hidden="true" />
            {auth.canRenewSilently ? strings.signIn.waitingSilent : strings.signIn.waitingPopup}
          </p>
          {!auth.canRenewSilently && (
            <button ref={cancel} type="button" class="pm-button" onClick={() => actions.cancelSignIn()}>
              {strings.signIn.cancel}
            </button>
          )}
        </>
      ) : (
        <button
          ref={button}
          type="button"
          class="pm-button pm-button--primary pm-wide"
          // A sign-in this site's origin is not allowed to finish: nothing to press until its team fixes it.
          disabled={error?.code === 'sign_in_origin_not_allowed'}
          onClick={() => actions.signIn()}
        >
          {strings.signIn.button}
        </button>
      )}
      {error && (
        <p class="pm-error" role="alert">
          {describeError(error)}
        </p>
      )}
      {store.guests.value.allowed && !waiting && <GuestForm />}
    </div>
  );
}
