/** The lazily loaded views (workspace, markup page, metrics): one chunk, fetched on first use. */
export { IntegrationsView } from './IntegrationsView';
export { MailView } from './MailView';
export { MarkupPage } from './MarkupPage';
export { Metrics } from './Metrics';
export { Workspace } from './Workspace';
