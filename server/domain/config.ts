/**
 * Everything the server reads from the environment, parsed once at start into a typed object so
 * that no other module touches `process.env` (tests build a config by hand).
 */
import { z } from 'zod';

export interface OidcConfig {
  issuer: string;
  audience?: string;
  jwksUrl?: string;
  /**
   * The review app's sign-in (issue 16): a public client registered at the provider with the
   * redirect URI `${PUBLIC_URL}/app/`, signed in with the authorization code flow and PKCE
   * (OIDC_CLIENT_ID; OIDC_SCOPE, default `openid profile email`). Without it members sign in to the
   * app only through the development sign-in.
   */
  clientId?: string;
  scope?: string;
}

/**
 * Where uploaded files live. `local`: under DATA_DIR/objects, served by this server at /storage
 * (secret from PINMARK_STORAGE_SECRET, else generated once per data folder). `s3`: an
 * S3-compatible bucket, chosen by setting PINMARK_S3_BUCKET.
 */
export type StorageConfig = { driver: 'local'; secret?: string } | S3StorageConfig;

export interface S3StorageConfig {
  driver: 's3';
  /** e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`; no trailing slash needed. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most self-hosted stores) instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

const isOff = (value: string) => ['0', 'false', 'off', 'no'].includes(value.toLowerCase());
const isOn = (value: string) => ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());

function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  if (!env.PINMARK_S3_BUCKET) {
    if (env.PINMARK_STORAGE_SECRET !== undefined && env.PINMARK_STORAGE_SECRET.length < 16) {
      throw new Error('PINMARK_STORAGE_SECRET must be at least 16 characters');
    }
    return env.PINMARK_STORAGE_SECRET ? { driver: 'local', secret: env.PINMARK_STORAGE_SECRET } : { driver: 'local' };
  }
  const accessKeyId = env.PINMARK_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.PINMARK_S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('PINMARK_S3_BUCKET is set: PINMARK_S3_ACCESS_KEY_ID and PINMARK_S3_SECRET_ACCESS_KEY are required too');
  }
  const region = env.PINMARK_S3_REGION || 'us-east-1';
  const endpoint = (env.PINMARK_S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  try {
    new URL(endpoint);
  } catch {
    throw new Error(`PINMARK_S3_ENDPOINT is not a valid URL: "${endpoint}"`);
  }
  // A custom endpoint (MinIO, R2, …) usually wants path-style addressing; AWS wants virtual hosts.
  const pathStyle = env.PINMARK_S3_FORCE_PATH_STYLE;
  const forcePathStyle = pathStyle === undefined ? Boolean(env.PINMARK_S3_ENDPOINT) : !isOff(pathStyle);
  return { driver: 's3', endpoint, region, bucket: env.PINMARK_S3_BUCKET, accessKeyId, secretAccessKey, forcePathStyle };
}

/**
 * Where webhooks may be delivered. Private, loopback, link-local, unique-local, unspecified and
 * cloud-metadata addresses are always refused (at registration and again after DNS resolution at
 * delivery), except the hosts, addresses and CIDR ranges listed here. Development defaults to
 * loopback so a local receiver works; production allows none, and refuses to start with a list.
 */
export interface WebhookTargetConfig {
  allowedPrivateHosts: string[];
}

/** Per-user and per-workspace storage quotas for uploads, in bytes. */
export interface QuotaConfig {
  userBytes: number;
  workspaceBytes: number;
}

/** Rate limiting per client address and per credential; off only by PINMARK_RATE_LIMITS=off. */
export interface RateLimitConfig {
  enabled: boolean;
}

/**
 * E-mail notifications (server/mail/): SMTP_URL (`smtp://` or `smtps://user:pass@host:port`) and
 * MAIL_FROM. Without SMTP_URL the demo keeps its mails (GET /api/v2/mail) and production sends none.
 * PINMARK_MAIL_BATCH_SECONDS: how long a thread's events for one person wait to share one e-mail.
 */
export interface MailConfig {
  smtpUrl?: string;
  from: string;
  batchWindowMs: number;
}

export const DEFAULT_MAIL_BATCH_SECONDS = 120;

const smtpUrlSchema = z
  .url({ protocol: /^smtps?$/, error: 'must look like smtp://user:pass@host:587 or smtps://user:pass@host:465' })
  .refine((value) => URL.canParse(value) && new URL(value).hostname !== '', 'needs a host');

function loadMailConfig(env: NodeJS.ProcessEnv, publicUrl: string): MailConfig {
  const batch = env.PINMARK_MAIL_BATCH_SECONDS;
  const seconds = batch === undefined || batch === '' ? DEFAULT_MAIL_BATCH_SECONDS : Number(batch);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 3600)
    throw new Error(`PINMARK_MAIL_BATCH_SECONDS must be a number of seconds from 0 to 3600 (got "${batch}")`);
  const mail: MailConfig = { from: env.MAIL_FROM || `Pinmark <pinmark@${new URL(publicUrl).hostname}>`, batchWindowMs: seconds * 1000 };
  if (env.SMTP_URL) {
    const parsed = smtpUrlSchema.safeParse(env.SMTP_URL);
    if (!parsed.success)
      throw new Error(
        `SMTP_URL ${parsed.error.issues[0]?.message ?? 'is not valid'} (got "${env.SMTP_URL.replace(/\/\/[^@/]*@/, '//…@')}")`,
      );
    mail.smtpUrl = parsed.data;
  }
  if (env.MAIL_FROM && !z.email().safeParse(/<([^>]+)>\s*$/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM).success)
    throw new Error(`MAIL_FROM must be an address or "Name <address>" (got "${env.MAIL_FROM}")`);
  return mail;
}

export interface ServerConfig {
  port: number;
  /** NODE_ENV=production: no demo, no development sign-in unless insecurely forced, unsafe setups refused. */
  production: boolean;
  /** Demo routes, demo pages and the demo seed (everything but production). */
  demo: boolean;
  /** Listening address; undefined lets Node bind every interface (dual-stack `::` when available). */
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  /** Where browsers reach this server, without a trailing slash. */
  publicUrl: string;
  widgetDir: string;
  demoDir: string;
  /** The built review app (npm run build:app), served at /app; optional so hand-built configs need not name it. */
  appDir?: string;
  devIdp: boolean;
  oidc?: OidcConfig;
  /** Extra origins for the demo installation (ALLOWED_ORIGINS, comma-separated). */
  extraAllowedOrigins: string[];
  storage: StorageConfig;
  webhooks: WebhookTargetConfig;
  rateLimits: RateLimitConfig;
  /**
   * How many reverse proxies in front of this server append to X-Forwarded-For (PINMARK_TRUST_PROXY):
   * 0 ignores the header (anyone can write it), n takes the client address n entries from its end.
   */
  trustProxy: number;
  quotas: QuotaConfig;
  /** PUBLIC_URL came from the environment (production requires it). */
  publicUrlSet: boolean;
  /** Optional so hand-built configs need not name it; loadConfig always sets it. */
  mail?: MailConfig;
}

/** The part of the configuration the running app reads (the rest is for start-up in main.ts). */
export type AppConfig = Pick<
  ServerConfig,
  | 'publicUrl'
  | 'widgetDir'
  | 'demoDir'
  | 'appDir'
  | 'devIdp'
  | 'oidc'
  | 'production'
  | 'demo'
  | 'webhooks'
  | 'rateLimits'
  | 'trustProxy'
  | 'quotas'
  | 'mail'
>;

/** The variable that turns the development sign-in on in production (and a warning on every start). */
export const INSECURE_DEV_SIGN_IN_VAR = 'PINMARK_INSECURE_DEV_SIGN_IN';
export const DEFAULT_DEV_WEBHOOK_HOSTS = ['localhost', '127.0.0.0/8', '::1'];
export const DEFAULT_QUOTA_USER_MB = 1024;
export const DEFAULT_QUOTA_WORKSPACE_MB = 50 * 1024;

function megabytes(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback * 1024 * 1024;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of megabytes (got "${raw}")`);
  return Math.floor(value * 1024 * 1024);
}

/** PINMARK_TRUST_PROXY: off/0 (default), on/1, or a hop count for chains such as CDN → load balancer. */
function trustedProxyHops(raw: string | undefined): number {
  if (raw === undefined || raw === '' || isOff(raw)) return 0;
  if (isOn(raw)) return 1;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`PINMARK_TRUST_PROXY must be off, on or a number of proxies from 0 to 10 (got "${raw}")`);
  return hops;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 8787;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535 (got "${env.PORT}")`);
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL is not a valid URL: "${publicUrl}"`);
  }
  const production = env.NODE_ENV === 'production';
  const devIdp = production ? isOn(env[INSECURE_DEV_SIGN_IN_VAR] ?? '') : !isOff(env.PINMARK_DEV_IDP ?? '1');
  const config: ServerConfig = {
    port,
    production,
    demo: !production,
    dataDir: env.DATA_DIR || '.data',
    publicUrl,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    widgetDir: env.WIDGET_DIR || 'dist/widget',
    demoDir: env.DEMO_DIR || 'demo',
    appDir: env.APP_DIR || 'dist/app',
    devIdp,
    extraAllowedOrigins: list(env.ALLOWED_ORIGINS),
    storage: loadStorageConfig(env),
    webhooks: {
      allowedPrivateHosts:
        env.PINMARK_WEBHOOK_ALLOWED_HOSTS !== undefined
          ? list(env.PINMARK_WEBHOOK_ALLOWED_HOSTS)
          : production
            ? []
            : DEFAULT_DEV_WEBHOOK_HOSTS,
    },
    rateLimits: { enabled: !isOff(env.PINMARK_RATE_LIMITS ?? 'on') },
    trustProxy: trustedProxyHops(env.PINMARK_TRUST_PROXY),
    quotas: {
      userBytes: megabytes(env, 'PINMARK_QUOTA_USER_MB', DEFAULT_QUOTA_USER_MB),
      workspaceBytes: megabytes(env, 'PINMARK_QUOTA_WORKSPACE_MB', DEFAULT_QUOTA_WORKSPACE_MB),
    },
    mail: loadMailConfig(env, publicUrl),
  };
  if (env.HOST) config.host = env.HOST;
  if (env.DATABASE_URL) config.databaseUrl = env.DATABASE_URL;
  if (env.OIDC_ISSUER) {
    config.oidc = { issuer: env.OIDC_ISSUER.replace(/\/+$/, '') };
    if (env.OIDC_AUDIENCE) config.oidc.audience = env.OIDC_AUDIENCE;
    if (env.OIDC_JWKS_URL) config.oidc.jwksUrl = env.OIDC_JWKS_URL;
    if (env.OIDC_CLIENT_ID) config.oidc.clientId = env.OIDC_CLIENT_ID;
    if (env.OIDC_SCOPE) config.oidc.scope = env.OIDC_SCOPE;
  }
  return config;
}
