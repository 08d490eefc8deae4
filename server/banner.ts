/**
 * What `npm start` prints: where to go, the mode, and the demo's keys. A secret is printed in full
 * only on the start that created it (the seed), masked on every later start — terminal scrollback
 * and log collectors keep what a server prints, and the full keys stay in DATA_DIR/demo.json (0600).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './domain/config.ts';
import { demoFilePath, type DemoInfo } from './seed.ts';
import { mailDescription } from './mail/description.ts';

/** `pk_ws_AbCd…wxyz`: enough to tell keys apart, useless to an onlooker. */
export function maskSecret(secret: string): string {
  const prefix = /^[a-z]+_(?:[a-z]+_)?/.exec(secret)?.[0] ?? '';
  const body = secret.slice(prefix.length);
  if (body.length <= 12) return `${prefix}…`;
  return `${prefix}${body.slice(0, 4)}…${body.slice(-4)}`;
}

export interface BannerInput {
  config: ServerConfig;
  database: string;
  files: string;
  demo: DemoInfo | null;
  /** The demo was created by this start: its keys are shown in full, this once. */
  seeded: boolean;
}

function signInLine(config: ServerConfig): string {
  if (!config.devIdp) return 'off';
  if (config.production) return `${config.publicUrl}/sign-in (INSECURE: forced on in production)`;
  return `${config.publicUrl}/sign-in (PINMARK_DEV_IDP=0 turns it off)`;
}

function demoLines(config: ServerConfig, demo: DemoInfo, seeded: boolean): string[] {
  const secret = (value: string) => (seeded ? value : maskSecret(value));
  const file = path.resolve(demoFilePath(config.dataDir));
  return [
    '',
    `Demo ${seeded ? '(seeded now: the API keys below are shown in full this once)' : `(full keys in ${file})`}`,
    `  publicKey             ${demo.publicKey}`,
    `  markupId              ${demo.markupId}`,
    `  workspace API key     ${secret(demo.workspaceApiKey)}`,
    `  organization API key  ${secret(demo.organizationApiKey)}`,
    `  allowed origins       ${demo.allowedOrigins.join(', ')}`,
  ];
}

export function bannerText({ config, database, files, demo, seeded }: BannerInput): string {
  const lines = [
    '',
    `Pinmark reference server${config.production ? ' (production)' : ' (demo)'}`,
    ...(config.production ? [] : [`  Open            ${config.publicUrl}/`]),
    `  Review app      ${config.publicUrl}/app/`,
    `  API             ${config.publicUrl}/api/v2`,
    `  Database        ${database}`,
    `  Uploads         ${files}`,
    `  Dev sign-in     ${signInLine(config)}`,
    `  E-mail          ${mailDescription(config.mail, config.demo)}`,
  ];
  if (config.oidc) lines.push(`  OIDC issuer     ${config.oidc.issuer}`);
  if (demo) lines.push(...demoLines(config, demo, seeded));
  else if (config.demo)
    lines.push(
      '',
      `No ${demoFilePath(config.dataDir)}: the demo keys are lost (only hashes are stored). Delete ${config.dataDir} to start over.`,
    );
  if (!existsSync(config.widgetDir))
    lines.push('', `Note: no widget build in ${config.widgetDir} (run npm run build); /widget/* answers 404.`);
  if (config.demo && !existsSync(config.demoDir)) lines.push('', `Note: no demo pages in ${config.demoDir}.`);
  return lines.join('\n') + '\n';
}
