/**
 * Beside the messages: the screenshot (opens full size in a new tab), the page and browser context,
 * the element's path, and the diagnostics file read back and shown by the widget's DiagnosticsDetails.
 */
import { useEffect, useState } from 'preact/hooks';
import { getStoredJson } from '../../src/api';
import type { BrowserContext, ThreadResponse } from '../../src/api/wire';
import { diagnosticsView, type DiagnosticsState } from '../../src/state/actions/diagnostics-summary';
import { DiagnosticsDetails } from '../../src/ui/media/DiagnosticsDetails';
import { isDiagnostics } from '../../src/ui/media/attachment-list';
import { t } from '../i18n';
import { GuestPanelSlot } from './GuestPanelSlot';

function contextOf(thread: ThreadResponse): Partial<BrowserContext> {
  return (thread.browserContext ?? {}) as Partial<BrowserContext>;
}

const safeUrl = (url: string | undefined) => (url && /^https?:/i.test(url) ? url : undefined);

export function ThreadAside({ thread }: { thread: ThreadResponse }) {
  const words = t().thread;
  const context = contextOf(thread);
  const shot = thread.screenshot;
  const shotUrl = safeUrl(shot?.url ?? undefined);
  const pageUrl = safeUrl(thread.originalUrl || thread.canonicalUrl);
  const element = thread.elements?.[0]?.path;
  const diagnostics = thread.messages[0]?.attachments?.find(isDiagnostics);
  const rows: [string, string][] = [
    [words.device, thread.viewModeId],
    [words.browser, [context.browserName, context.browserVersion].filter(Boolean).join(' ')],
    [words.os, [context.os, context.osVersion].filter(Boolean).join(' ')],
    [words.viewport, context.viewportWidth ? `${context.viewportWidth} × ${context.viewportHeight}` : ''],
    [
      words.screen,
      context.screenWidth
        ? `${context.screenWidth} × ${context.screenHeight}${context.devicePixelRatio ? ` @${context.devicePixelRatio}x` : ''}`
        : '',
    ],
  ];
  return (
    <aside class="thread-aside" aria-label={words.context}>
      <GuestPanelSlot userId={thread.user.id} maybeGuest={thread.user.guest} />
      <section>
        <h3 class="section-title">{words.screenshot}</h3>
        {shotUrl ? (
          <a class="shot" href={shotUrl} target="_blank" rel="noopener noreferrer" aria-label={words.openScreenshot}>
            <img src={shotUrl} alt="" width={shot?.width} height={shot?.height} />
          </a>
        ) : (
          <p class="muted">{words.noScreenshot}</p>
        )}
      </section>
      <section>
        <h3 class="section-title">{words.context}</h3>
        <dl class="facts">
          <div>
            <dt>{words.page}</dt>
            <dd>
              {pageUrl ? (
                <a href={pageUrl} target="_blank" rel="noopener noreferrer nofollow" class="break">
                  {thread.canonicalUrl || pageUrl}
                </a>
              ) : (
                '—'
              )}
            </dd>
          </div>
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          {element && (
            <div>
              <dt>{words.element}</dt>
              <dd>
                <code class="break">{element}</code>
              </dd>
            </div>
          )}
        </dl>
      </section>
      <section>
        <h3 class="section-title">{words.diagnostics}</h3>
        {diagnostics ? <Diagnostics url={diagnostics.url} /> : <p class="muted">{words.noDiagnostics}</p>}
      </section>
    </aside>
  );
}

function Diagnostics({ url }: { url: string }) {
  const [state, setState] = useState<DiagnosticsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    getStoredJson(url).then(
      (json) => live && setState({ status: 'ready', view: diagnosticsView(json) }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return <DiagnosticsDetails state={state} open />;
}
