/**
 * Everything the server reads from the environment, parsed once at start into a typed object so
 * that no other module touches `process.env` (tests build a config by hand).
 */

export interface OidcConfig {
  issuer: string;
  audience?: string;
  jwksUrl?: string;
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
