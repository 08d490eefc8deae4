/**
 * Where an unsent comment (thread or reply) stands, beside it: sending, retrying after a failure
 * the outbox will retry by itself, or failed for good with Retry and Discard (its text then goes
 * back into its composer). Announced politely, so a screen reader hears the outcome.
 */
import { useWidget } from '../hooks';
import { describeError, strings } from '../strings';

export function SendStatus({ localId }: { localId: string }) {
  const { store, actions } = useWidget().controller;
  const send = store.sending.value[localId];
  if (!send) return null;
  const failed = send.status === 'failed';
  return (
    <div class={`pm-send${failed ? ' pm-send--failed' : ''}`} role="status">
      <span class={failed ? 'pm-error' : 'pm-muted'}>
        {failed
          ? strings.send.failed(send.error ? describeError(send.error) : '')
          : send.error
            ? strings.send.retrying
            : strings.send.sending}
      </span>
      {failed && (
        <span class="pm-send-actions">
          <button type="button" class="pm-button" onClick={() => actions.retrySend(localId)}>
            {strings.send.retry}
          </button>
          <button type="button" class="pm-button pm-button--quiet" onClick={() => actions.discardSend(localId)}>
            {strings.send.discard}
          </button>
        </span>
      )}
    </div>
  );
}
