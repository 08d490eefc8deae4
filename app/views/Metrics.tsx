/**
 * The metrics view (/app/metrics): a date range (last 7/30/90 days or custom, in the URL), the
 * workspace totals, and per person and per site a bar chart (SVG, aria-hidden) over the table that
 * is its accessible form. A bad custom range says why and loads nothing; a failure offers a retry.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';
import { metricsHref, navigate, query } from '../router/router';
import { describeFailure } from '../state/errors';
import { isoDay, loadMetrics, metricsState, PRESETS, rangeOf } from '../state/metrics';
import { session } from '../state/session';
import { MetricsTables } from './MetricsTables';

export function Metrics() {
  const words = t().metrics;
  const params = query.value;
  const key = params.toString();
  const workspaceId = session.value?.workspaceId;
  useEffect(() => void loadMetrics(rangeOf(new URLSearchParams(key))), [key, workspaceId]);
  const custom = params.has('from') || params.has('to');
  const preset = custom ? 'custom' : String(PRESETS.includes(Number(params.get('days')) as 7) ? params.get('days') : 30);
  const [choice, setChoice] = useState(preset);
  useEffect(() => setChoice(preset), [preset]);
  const today = isoDay(Date.now());
  const [from, setFrom] = useState(params.get('from') ?? isoDay(Date.now() - 29 * 86_400_000));
  const [to, setTo] = useState(params.get('to') ?? today);
  const state = metricsState.value;

  return (
    <div class="page">
      <div class="page-head">
        <h1 class="page-title">{words.title}</h1>
        <div class="range">
          <fieldset class="segmented">
            <legend class="visually-hidden">{words.range}</legend>
            {[...PRESETS.map(String), 'custom'].map((option) => (
              <label key={option} class={choice === option ? 'is-checked' : ''}>
                <input
                  type="radio"
                  name="range"
                  value={option}
                  checked={choice === option}
                  onChange={() => {
                    setChoice(option);
                    if (option !== 'custom') navigate(metricsHref(option === '30' ? '' : `days=${option}`));
                  }}
                />
                {option === 'custom' ? words.custom : words.last(Number(option))}
              </label>
            ))}
          </fieldset>
          {choice === 'custom' && (
            <form
              class="inline-form range-form"
              onSubmit={(event) => {
                event.preventDefault();
                navigate(metricsHref(new URLSearchParams({ from, to }).toString()));
              }}
            >
              <label class="field field--compact">
                <span>{words.from}</span>
                <input type="date" value={from} max={today} required onInput={(e) => setFrom(e.currentTarget.value)} />
              </label>
              <label class="field field--compact">
                <span>{words.to}</span>
                <input type="date" value={to} required onInput={(e) => setTo(e.currentTarget.value)} />
              </label>
              <button type="submit" class="button button--primary">
                {words.apply}
              </button>
            </form>
          )}
        </div>
      </div>
      {state.status === 'ready' && (
        <p class="small muted">
          {state.range.startDate} – {state.range.endDate} (UTC)
        </p>
      )}
      {state.status === 'loading' && (
        <p class="muted" role="status">
          {words.loading}
        </p>
      )}
      {state.status === 'invalid' && (
        <p class="notice notice--error" role="alert">
          {words.badRange}
        </p>
      )}
      {state.status === 'error' && (
        <div class="notice notice--error" role="alert">
          <span>{describeFailure(state.error)}</span>
          <button type="button" class="button button--small" onClick={() => void loadMetrics(rangeOf(query.peek()))}>
            {t().errors.retry}
          </button>
        </div>
      )}
      {state.status === 'ready' && <MetricsTables data={state.data} />}
    </div>
  );
}
