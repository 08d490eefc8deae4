/**
 * The markup page's guest reporting setting (issue 18), beside the installation snippet: whether
 * visitors may report as guests (name and e-mail address, no account) and how many new guest threads
 * the installation takes per day. Owners and admins change it; everyone else reads it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { InstallationSummary } from '../../src/api/wire';
import { t } from '../i18n';
import { describeFailure } from '../state/errors';
import { guestSettingsBusy, guestSettingsError, saveGuestSettings } from '../state/guest-settings';
import { canManage } from '../state/workspace';

export function GuestSettings({ installation }: { installation: InstallationSummary }) {
  const words = t().guests;
  const [cap, setCap] = useState(String(installation.guestDailyThreadCap ?? 50));
  const busy = guestSettingsBusy.value;
  const on = installation.guestReporting === true;
  // Shows the change at once; the server's answer (or a refusal) sets it again.
  const [checked, setChecked] = useState(on);
  useEffect(() => setChecked(on), [on]);
  return (
    <section class="panel" aria-labelledby="guests-title">
      <h2 id="guests-title" class="panel-title">
        {words.title}
      </h2>
      <p class="small muted">{words.intro}</p>
      {canManage.value ? (
        <>
          <label class="check">
            <input
              type="checkbox"
              checked={checked}
              disabled={busy}
              onChange={(event) => {
                const next = event.currentTarget.checked;
                setChecked(next);
                void saveGuestSettings(installation.id, { guestReporting: next }).then((saved) => saved || setChecked(on));
              }}
            />
            <span>{words.allow}</span>
          </label>
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              const value = Number(cap);
              if (Number.isInteger(value) && value >= 0) void saveGuestSettings(installation.id, { guestDailyThreadCap: value });
            }}
          >
            <label class="field">
              <span>{words.cap}</span>
              <input type="number" min={0} max={100000} step={1} value={cap} onInput={(e) => setCap(e.currentTarget.value)} />
            </label>
            <button type="submit" class="button" disabled={busy}>
              {words.save}
            </button>
          </form>
        </>
      ) : null}
      <p class="small" role="status">
        {on ? words.on : words.off}
      </p>
      {guestSettingsError.value !== null && (
        <div class="notice notice--error" role="alert">
          <span>{describeFailure(guestSettingsError.value)}</span>
        </div>
      )}
    </section>
  );
}
