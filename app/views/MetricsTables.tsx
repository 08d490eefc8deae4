/**
 * The figures of one range: the workspace totals as tiles, then per person and per site a bar chart
 * of comments (aria-hidden) and the table with every figure (the accessible form; scrolls sideways
 * on a phone and can be focused to do so by keyboard).
 */
import { t } from '../i18n';
import type { MetricsData } from '../state/metrics';
import { BarChart } from './BarChart';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—');

export function MetricsTables({ data }: { data: MetricsData }) {
  const words = t().metrics;
  const { users, projects, userTotals, projectTotals } = data;
  const tiles: [string, number][] = [
    [words.commentsCreated, userTotals.commentsCreated],
    [words.activeUsers, userTotals.activeUsers],
    [words.threadsResolved, projectTotals.threadsResolved],
    [words.threadsUnresolved, projectTotals.threadsUnresolved],
    [words.projectsCreated, userTotals.projectsCreated],
  ];
  const figures = ['commentsCreated', 'threadsCreated', 'repliesCreated', 'threadsResolved', 'threadsUnresolved'] as const;
  return (
    <>
      <section aria-labelledby="totals-title">
        <h2 id="totals-title" class="visually-hidden">
          {words.totals}
        </h2>
        <dl class="tiles">
          {tiles.map(([label, value]) => (
            <div key={label} class="tile">
              <dt>{label}</dt>
              <dd>{value.toLocaleString()}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section class="panel metrics-panel">
        <h2 id="per-user-title" class="panel-title">
          {words.perUser}
        </h2>
        {users.rows.length ? (
          <>
            <BarChart bars={users.rows.map((r) => ({ label: r.name, value: r.commentsCreated }))} />
            <div class="table-scroll" tabIndex={0} role="region" aria-label={words.perUser}>
              <table class="data-table">
                <thead>
                  <tr>
                    <th scope="col">{words.person}</th>
                    {figures.map((f) => (
                      <th scope="col" class="num" key={f}>
                        {words[f]}
                      </th>
                    ))}
                    <th scope="col">{words.lastActivity}</th>
                  </tr>
                </thead>
                <tbody>
                  {users.rows.map((row) => (
                    <tr key={row.userId}>
                      <th scope="row">
                        {row.name}
                        {row.guest && <span class="badge">{words.guest}</span>}
                      </th>
                      {figures.map((f) => (
                        <td class="num" key={f}>
                          {row[f]}
                        </td>
                      ))}
                      <td>{when(row.lastActivity)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {users.totalRows > users.rows.length && <p class="small muted">{words.more(users.rows.length, users.totalRows)}</p>}
          </>
        ) : (
          <p class="muted">{words.none}</p>
        )}
      </section>
      <section class="panel metrics-panel">
        <h2 id="per-project-title" class="panel-title">
          {words.perProject}
        </h2>
        {projects.rows.length ? (
          <>
            <BarChart bars={projects.rows.map((r) => ({ label: r.name, value: r.commentsCreated }))} />
            <div class="table-scroll" tabIndex={0} role="region" aria-label={words.perProject}>
              <table class="data-table">
                <thead>
                  <tr>
                    <th scope="col">{words.site}</th>
                    {figures.map((f) => (
                      <th scope="col" class="num" key={f}>
                        {words[f]}
                      </th>
                    ))}
                    <th scope="col" class="num">
                      {words.activeUsers}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {projects.rows.map((row) => (
                    <tr key={row.projectId}>
                      <th scope="row">{row.name}</th>
                      {figures.map((f) => (
                        <td class="num" key={f}>
                          {row[f]}
                        </td>
                      ))}
                      <td class="num">{row.activeUsers}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {projects.totalRows > projects.rows.length && <p class="small muted">{words.more(projects.rows.length, projects.totalRows)}</p>}
          </>
        ) : (
          <p class="muted">{words.none}</p>
        )}
      </section>
    </>
  );
}
