/**
 * Everything the server reads from the environment, parsed once at start into a typed object so
 * that no other module touches `process.env` (tests build a config by hand).
 */

export interface OidcConfig {
  issuer: string;
  audience?: string;
  jwksUrl?: string;
}

/**
 * Where uploaded files live. `local`: under DATA_DIR/objects, served by this server at /storage
 * (secret from PINMARK_STORAGE_SECRET, else generated once per data folder). `s3`: an
 * S3-compatible bucket, chosen by setting PINMARK_S3_BUCKET.
 */
export type StorageConfig =
  | { driver: 'local'; secret?: string }
  | {
      driver: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

const isOff = (value: string) => ['0', 'false', 'off', 'no'].includes(value.toLowerCase());

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

export interface ServerConfig {
  port: number;
  /** Listening address; undefined lets Node bind every interface (dual-stack `::` when available). */
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  /** Where browsers reach this server, without a trailing slash. */
  publicUrl: string;
  widgetDir: string;
  demoDir: string;
  devIdp: boolean;
  oidc?: OidcConfig;
  /** Extra origins for the demo installation (ALLOWED_ORIGINS, comma-separated). */
  extraAllowedOrigins: string[];
  storage: StorageConfig;
}

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
  const config: ServerConfig = {
    port,
    dataDir: env.DATA_DIR || '.data',
    publicUrl,
    widgetDir: env.WIDGET_DIR || 'dist/widget',
    demoDir: env.DEMO_DIR || 'demo',
    devIdp: !['0', 'false', 'off', 'no'].includes((env.PINMARK_DEV_IDP ?? '1').toLowerCase()),
    extraAllowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    storage: loadStorageConfig(env),
  };
  if (env.HOST) config.host = env.HOST;
  if (env.DATABASE_URL) config.databaseUrl = env.DATABASE_URL;
  if (env.OIDC_ISSUER) {
    config.oidc = { issuer: env.OIDC_ISSUER.replace(/\/+$/, '') };
    if (env.OIDC_AUDIENCE) config.oidc.audience = env.OIDC_AUDIENCE;
    if (env.OIDC_JWKS_URL) config.oidc.jwksUrl = env.OIDC_JWKS_URL;
  }
  return config;
}
