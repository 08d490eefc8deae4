/** The connector of each integration kind, in one table (the routes, worker and inbound route look them up here). */
import type { Connector, IntegrationKind } from './connector.ts';
import { githubConnector } from './github.ts';
import { jiraConnector } from './jira.ts';
import { linearConnector } from './linear.ts';
import { slackConnector } from './slack.ts';

export const INTEGRATION_KINDS = ['slack', 'github', 'linear', 'jira'] as const satisfies readonly IntegrationKind[];

export const connectors: Record<IntegrationKind, Connector> = {
  slack: slackConnector as unknown as Connector,
  github: githubConnector as unknown as Connector,
  linear: linearConnector as unknown as Connector,
  jira: jiraConnector as unknown as Connector,
};
