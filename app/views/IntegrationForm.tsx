/**
 * The form that connects a service (Integrations page): the service, then its fields — settings
 * shown back later, secrets never shown again (password inputs, sealed by the server). For the
 * trackers a webhook secret is offered ready-made, to paste into the service's webhook settings.
 */
import { useState } from 'preact/hooks';
import type { IntegrationKindName } from '../api/integrations-api';
import { integrationWords } from '../i18n/integrations';
import { busy, createIntegration } from '../state/integrations';

export interface FieldSpec {
  name: string;
  where: 'settings' | 'secrets';
  optional?: boolean;
  type?: 'url' | 'email' | 'text';
}

export const FIELDS: Record<IntegrationKindName, FieldSpec[]> = {
  slack: [{ name: 'webhookUrl', where: 'secrets', type: 'url' }],
  github: [
    { name: 'owner', where: 'settings' },
    { name: 'repo', where: 'settings' },
    { name: 'token', where: 'secrets' },
    { name: 'webhookSecret', where: 'secrets' },
    { name: 'apiUrl', where: 'settings', optional: true, type: 'url' },
  ],
  linear: [
    { name: 'teamId', where: 'settings' },
    { name: 'apiKey', where: 'secrets' },
    { name: 'webhookSecret', where: 'secrets' },
    { name: 'apiUrl', where: 'settings', optional: true, type: 'url' },
  ],
  jira: [
    { name: 'siteUrl', where: 'settings', type: 'url' },
    { name: 'projectKey', where: 'settings' },
    { name: 'issueType', where: 'settings', optional: true },
    { name: 'email', where: 'secrets', type: 'email' },
    { name: 'apiToken', where: 'secrets' },
    { name: 'webhookSecret', where: 'secrets' },
  ],
};

const KINDS: IntegrationKindName[] = ['slack', 'github', 'linear', 'jira'];

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function IntegrationForm({ onDone }: { onDone: () => void }) {
  const words = integrationWords();
  const [kind, setKind] = useState<IntegrationKindName>('github');
  const [values, setValues] = useState<Record<string, string>>({ webhookSecret: randomSecret() });
  const set = (name: string, value: string) => setValues((old) => ({ ...old, [name]: value }));

  const submit = async (event: Event) => {
    event.preventDefault();
    const input = { kind, settings: {} as Record<string, string>, secrets: {} as Record<string, string> };
    for (const field of FIELDS[kind]) {
      const value = (values[field.name] ?? '').trim();
      if (value || !field.optional) input[field.where][field.name] = value;
    }
    if (await createIntegration(input, words.created)) onDone();
  };

  return (
    <form class="card-form integration-form" aria-label={words.add} onSubmit={(event) => void submit(event)}>
      <div class="field">
        <label for="integration-kind">{words.kind}</label>
        <select id="integration-kind" value={kind} onChange={(event) => setKind(event.currentTarget.value as IntegrationKindName)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {words.kinds[k]}
            </option>
          ))}
        </select>
      </div>
      {FIELDS[kind].map((field) => (
        <div class="field" key={`${kind}-${field.name}`}>
          <label for={`integration-${field.name}`}>
            {words.fields[field.name]} {field.optional ? <span class="muted">{words.optional}</span> : null}
          </label>
          <span class="integration-input">
            <input
              id={`integration-${field.name}`}
              name={field.name}
              type={field.where === 'secrets' && field.name !== 'webhookSecret' ? 'password' : (field.type ?? 'text')}
              autocomplete="off"
              required={!field.optional}
              value={values[field.name] ?? ''}
              onInput={(event) => set(field.name, event.currentTarget.value)}
            />
            {field.name === 'webhookSecret' && (
              <button type="button" class="button button--small" onClick={() => set('webhookSecret', randomSecret())}>
                {words.generate}
              </button>
            )}
          </span>
        </div>
      ))}
      <div class="form-buttons">
        <button type="submit" class="button button--primary" disabled={busy.value}>
          {words.connect}
        </button>
        <button type="button" class="button button--quiet" onClick={onDone}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}
