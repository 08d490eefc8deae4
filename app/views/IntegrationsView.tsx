/**
 * The Integrations page (/app/integrations, issue 18): the workspace's Slack, GitHub, Linear and
 * Jira connections, each with its state (working, retrying, failing), what waits and what gave up,
 * its last deliveries with the service's answer or error, the webhook URL a tracker posts back to,
 * and the actions: test, retry, turn off or on, disconnect. Secrets show only masked. Refreshed
 * every few seconds while open.
 */
import { useEffect, useState } from 'preact/hooks';
import type { IntegrationSummary } from '../api/integrations-api';
import { language } from '../i18n';
import { integrationWords } from '../i18n/integrations';
import {
  busy,
  integrations,
  integrationsError,
  integrationsStatus,
  removeIntegration,
  retryIntegration,
  testIntegration,
  updateIntegration,
  watchIntegrations,
} from '../state/integrations';
import { FIELDS, IntegrationForm } from './IntegrationForm';
import '../styles/integrations.css';

function Jobs({ integration }: { integration: IntegrationSummary }) {
  const words = integrationWords();
  if (integration.recent.length === 0) return <p class="muted">{words.noJobs}</p>;
  const time = (iso: string) => new Date(iso).toLocaleString(language.value);
  return (
    <ul class="integration-jobs" aria-label={words.recent}>
      {integration.recent.map((job) => (
        <li key={job.id} class={`integration-job integration-job--${job.status}${job.lastError ? ' integration-job--error' : ''}`}>
          <span class="integration-job-kind">{words.job[job.kind] ?? job.kind}</span>
          <span class="badge">{words.status[job.status]}</span>
          <span class="integration-job-text">
            {job.lastError ?? job.outcome ?? ''}
            {job.status === 'pending' && job.nextAttemptAt && job.attempts > 0 && (
              <span class="muted">
                {' '}
                · {words.attempts(job.attempts)} · {words.nextTry} {time(job.nextAttemptAt)}
              </span>
            )}
          </span>
          <time class="muted" dateTime={job.createdAt}>
            {time(job.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}

const order = (integration: IntegrationSummary, name: string) => FIELDS[integration.kind].findIndex((field) => field.name === name);

function IntegrationCard({ integration }: { integration: IntegrationSummary }) {
  const words = integrationWords();
  const disabled = busy.value;
  const health = integration.enabled ? integration.health : 'off';
  return (
    <article class="integration-card" aria-label={integration.name}>
      <header class="integration-head">
        <h2>{integration.name}</h2>
        <span class="muted">{words.kinds[integration.kind]}</span>
        <span class={`badge integration-health integration-health--${health}`}>{health === 'off' ? words.off : words.health[health]}</span>
        <span class="muted">{words.counts(integration.pendingJobs, integration.failedJobs)}</span>
      </header>
      <dl class="integration-facts">
        {Object.entries(integration.settings)
          // jsonb keeps its own key order: show them in the form's.
          .sort(([a], [b]) => order(integration, a) - order(integration, b))
          .map(([name, value]) => (
            <div key={name}>
              <dt>{words.fields[name] ?? name}</dt>
              <dd>{String(value)}</dd>
            </div>
          ))}
        {Object.entries(integration.secrets)
          .sort(([a], [b]) => order(integration, a) - order(integration, b))
          .map(([name, masked]) => (
            <div key={name}>
              <dt>{words.fields[name] ?? name}</dt>
              <dd>{masked}</dd>
            </div>
          ))}
      </dl>
      {integration.inboundUrl && (
        <p class="integration-inbound">
          {words.inbound} <code>{integration.inboundUrl}</code>
        </p>
      )}
      <div class="form-buttons">
        <button
          type="button"
          class="button button--small"
          disabled={disabled}
          onClick={() => void testIntegration(integration.id, words.tested)}
        >
          {words.test}
        </button>
        {integration.failedJobs > 0 && (
          <button
            type="button"
            class="button button--small"
            disabled={disabled}
            onClick={() => void retryIntegration(integration.id, words.retried)}
          >
            {words.retry}
          </button>
        )}
        <button
          type="button"
          class="button button--small button--quiet"
          disabled={disabled}
          onClick={() => void updateIntegration(integration.id, { enabled: !integration.enabled }, words.saved)}
        >
          {integration.enabled ? words.disable : words.enable}
        </button>
        <button
          type="button"
          class="button button--small button--danger-text"
          disabled={disabled}
          onClick={() => {
            if (confirm(words.confirmRemove(integration.name))) void removeIntegration(integration.id, words.removed);
          }}
        >
          {words.remove}
        </button>
      </div>
      <h3 class="integration-subhead">{words.recent}</h3>
      <Jobs integration={integration} />
    </article>
  );
}

export function IntegrationsView() {
  const words = integrationWords();
  const [adding, setAdding] = useState(false);
  useEffect(() => watchIntegrations(), []);
  const list = integrations.value;
  return (
    <div class="page integrations-page">
      <div class="page-head">
        <h1 class="page-title">{words.title}</h1>
        {!adding && (
          <button type="button" class="button button--small button--primary" onClick={() => setAdding(true)}>
            {words.add}
          </button>
        )}
      </div>
      <p class="muted">{words.intro}</p>
      {adding && <IntegrationForm onDone={() => setAdding(false)} />}
      <p class="muted" role="status">
        {integrationsStatus.value}
      </p>
      {integrationsError.value && (
        <p class="notice notice--error" role="alert">
          {integrationsError.value}
        </p>
      )}
      {list && list.length === 0 && !adding && <p class="muted">{words.empty}</p>}
      <div class="integration-list">
        {list?.map((integration) => (
          <IntegrationCard key={integration.id} integration={integration} />
        ))}
      </div>
    </div>
  );
}
