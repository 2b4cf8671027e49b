import os from "node:os";
import path from "node:path";
import { z } from "zod";
import {
  PROXY_HEADERS,
  parseTrustProxy,
  TRUST_PROXY_HEADER_HELP,
  TRUST_PROXY_HELP,
  type TrustProxy,
} from "./lib/client-address.ts";
import { isCommonPassword } from "./lib/common-passwords.ts";
import type { RateLimitRule } from "./lib/rate-limit.ts";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    error: "must be true or false, on or off, yes or no, 1 or 0",
  })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

const RATE_UNITS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "5/10m": at most 5 per 10 minutes (units s, m, h, d); "off": no limit. */
/** A whole number of seconds, at most a year. */
function secondsSetting(fallback: number) {
  return z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be at least 0")
    .max(31_536_000, "must be at most 31536000 (a year)")
    .default(fallback);
}

function rateLimitSetting(fallback: string) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .default(fallback)
    .transform((value, ctx): RateLimitRule | null => {
      if (["off", "false", "no", "0"].includes(value)) return null;
      const match = /^(\d+)\s*\/\s*(\d+)\s*([smhd])$/.exec(value);
      const max = Number(match?.[1]);
      const windowMs =
        Number(match?.[2]) * RATE_UNITS[(match?.[3] ?? "s") as keyof typeof RATE_UNITS];
      if (!match || max < 1 || windowMs < 1000) {
        ctx.addIssue({
          code: "custom",
          message: "must be off or a count per time, like 5/10m (s, m, h or d)",
        });
        return z.NEVER;
      }
      return { max, windowMs };
    });
}

/** Whole seconds within [min, max]. */
const seconds = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** Host names separated by commas (lower-cased; a port may follow), or none. */
function hostList(message: string) {
  return z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((host) => /^[a-z0-9.:[\]-]+$/.test(host)), { message });
}

/**
 * Where uploaded files and their variants are kept (UPLOAD_STORE, decision 036):
 * `local` (DATA_DIR/uploads, the default), `database` (the upload_files table)
 * or an S3-compatible bucket.
 */
export type UploadStoreConfig =
  | { kind: "local" }
  | { kind: "database" }
  | {
      kind: "s3";
      bucket: string;
      /** Keys are stored under this folder of the bucket ("" or ending in "/"). */
      prefix: string;
      /** Another S3-compatible server (MinIO, Garage, R2…); unset: AWS. */
      endpoint: string | undefined;
      /** Unset: AWS_REGION, else us-east-1. */
      region: string | undefined;
      forcePathStyle: boolean;
      /** From the URL's user and password; unset: the AWS SDK's usual sources (AWS_ACCESS_KEY_ID…). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

const UPLOAD_STORE_HELP =
  "must be local, database or s3://bucket[/prefix]?region=…&endpoint=…&forcePathStyle=true";
const S3_PARAMETERS = ["endpoint", "region", "forcePathStyle"];

/** UPLOAD_STORE's value, or the reason it is not one. */
export function parseUploadStore(value: string): UploadStoreConfig | string {
  const text = value.trim();
  if (text === "" || text.toLowerCase() === "local") return { kind: "local" };
  if (text.toLowerCase() === "database") return { kind: "database" };
  if (!/^s3:\/\//i.test(text)) return UPLOAD_STORE_HELP;
  if (!URL.canParse(text)) {
    return "is not a valid s3:// URL (are special characters in the key %-encoded?)";
  }
  const url = new URL(text);
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    return "must name a bucket (3 to 63 lower-case letters, digits, dots and hyphens): s3://bucket?…";
  }
  for (const name of url.searchParams.keys()) {
    if (!S3_PARAMETERS.includes(name)) {
      return `has an unknown parameter "${name}" (known: ${S3_PARAMETERS.join(", ")})`;
    }
  }
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(endpoint)) {
    return "has an endpoint that is not an http(s):// URL";
  }
  const pathStyle = (url.searchParams.get("forcePathStyle") ?? "false").toLowerCase();
  if (!["true", "false", "1", "0"].includes(pathStyle)) {
    return "has a forcePathStyle that is not true or false";
  }
  if ((url.username === "") !== (url.password === "")) {
    return "must give both the access key and the secret (s3://KEY:SECRET@bucket) or neither";
  }
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  return {
    kind: "s3",
    bucket,
    prefix: prefix ? `${prefix}/` : "",
    endpoint,
    region: url.searchParams.get("region") || undefined,
    forcePathStyle: pathStyle === "true" || pathStyle === "1",
    credentials: url.username
      ? {
          accessKeyId: decodeURIComponent(url.username),
          secretAccessKey: decodeURIComponent(url.password),
        }
      : undefined,
  };
}

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1, "must not be empty").default("localhost"),
  DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(value), {
      message: "must be a postgres:// URL (leave it unset to use SQLite)",
    })
    .refine((value) => value === undefined || URL.canParse(value), {
      message: "is not a valid URL",
    }),
  DEMO_MODE: booleanString.optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value?.replace(/\/+$/, "")))
    .refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), {
      message: "must be an http(s):// URL",
    }),
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .positive("must be positive")
    .default(10 * 1024 * 1024),
  SESSION_IDLE_HOURS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(720, "must be at most 720")
    .default(12),
  SESSION_MAX_DAYS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(365, "must be at most 365")
    .optional(),
  /** The older name of SESSION_MAX_DAYS, still read when that is unset. */
  SESSION_TTL_DAYS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(365, "must be at most 365")
    .optional(),
  ALLOWED_HOSTS: hostList("must be host names separated by commas"),
  // Hosts an import may fetch images from although they are private or local (issue 27).
  IMPORT_ALLOW_HOSTS: hostList("must be host names (with a port if needed) separated by commas"),
  PAGE_CACHE: booleanString.default(true),
  PAGE_CACHE_MAX_MB: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(4096, "must be at most 4096")
    .default(32),
  // While staff keep saving, one page is rendered again at most once in this time.
  PAGE_CACHE_MIN_RENDER_SECONDS: secondsSetting(5),
  // What shared caches in front (a CDN) may do with public answers, in seconds.
  CACHE_S_MAXAGE: secondsSetting(60),
  CACHE_STALE_WHILE_REVALIDATE: secondsSetting(300),
  CACHE_STALE_IF_ERROR: secondsSetting(86_400),
  // Shared HTTP caches in front (Varnish with xkey, a CDN) told to purge by tag on every change.
  CACHE_PURGE_URLS: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((url) => /^https?:\/\/[^\s]+$/.test(url)), {
      message: "must be http(s):// URLs separated by commas",
    }),
  CACHE_PURGE_METHOD: z
    .string()
    .trim()
    .regex(/^[A-Z]+$/, "must be an HTTP method in capitals, such as PURGE or POST")
    .default("PURGE"),
  CACHE_PURGE_TOKEN: z.string().trim().optional(),
  // Server processes sharing the port (node:cluster); default: one per core.
  WORKERS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(256, "must be at most 256")
    .optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value?.toLowerCase()))
    .refine((value) => value === undefined || z.email().safeParse(value).success, {
      message: "must be an e-mail address",
    }),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || value.length >= 8, {
      message: "must be at least 8 characters",
    })
    .refine((value) => value === undefined || !isCommonPassword(value), {
      message: "is too common; choose another",
    }),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch {
        ctx.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
        return z.NEVER;
      }
    }),
  TRUST_PROXY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .default("x-forwarded-for")
    .pipe(z.enum(PROXY_HEADERS, { error: TRUST_PROXY_HEADER_HELP })),
  CONTACT_RATE_LIMIT: rateLimitSetting("5/10m"),
  REGISTER_RATE_LIMIT: rateLimitSetting("5/1h"),
  PASSWORD_RESET_RATE_LIMIT: rateLimitSetting("5/1h"),
  EMAIL_CHANGE_RATE_LIMIT: rateLimitSetting("5/1h"),
  SET_PASSWORD_RATE_LIMIT: rateLimitSetting("10/15m"),
  HEADERS_TIMEOUT_SECONDS: seconds(15, 1, 300),
  REQUEST_TIMEOUT_SECONDS: seconds(60, 1, 3600),
  UPLOAD_TIMEOUT_SECONDS: seconds(300, 1, 3600),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(65, 1, 3600),
  SHUTDOWN_DRAIN_SECONDS: seconds(0, 0, 300),
  MAX_CONNECTIONS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be 1 or more")
    .max(1_000_000, "must be at most 1000000")
    .default(1000),
  DB_LOCK_TIMEOUT_MS: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must be 0 or more")
    .max(60_000, "must be at most 60000")
    .optional(),
  REGISTRATION_PURGE_DAYS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 (never) or more")
    .max(3650, "must be at most 3650")
    .default(30),
  SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || value.length >= 32, {
      message:
        "must be at least 32 characters (for example the output of: openssl rand -base64 32)",
    }),
  UPLOAD_STORE: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): UploadStoreConfig => {
      const parsed = parseUploadStore(value ?? "");
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || /^smtps?:\/\/[^\s]+$/i.test(value), {
      message: "must be an smtp:// or smtps:// URL, like smtp://user:password@host:587",
    })
    .refine((value) => value === undefined || URL.canParse(value), {
      message: "is not a valid URL (are special characters in the password %-encoded?)",
    }),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine(
      (value) =>
        value === undefined ||
        z.email().safeParse(value).success ||
        /^[^<>]*<[^<>\s]+@[^<>\s]+>$/.test(value),
      { message: 'must be an e-mail address, or a name and one like "Acme <no-reply@acme.com>"' },
    ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded files live with the local store: `DATA_DIR/uploads`. */
  uploadsDir: string;
  /** Which store keeps uploaded files (UPLOAD_STORE; server/storage/). */
  uploadStore: UploadStoreConfig;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  /**
   * How long a write waits for a lock another process or transaction holds
   * before it is answered 503 (DB_LOCK_TIMEOUT_MS). SQLite waits synchronously,
   * stopping the whole process, so its default is short (100 ms); PostgreSQL
   * waits without blocking (5000 ms).
   */
  dbLockTimeoutMs: number;
  demoMode: boolean;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  publicUrl: string | undefined;
  uploadMaxBytes: number;
  /** A session unused this long is over (SESSION_IDLE_HOURS). */
  sessionIdleHours: number;
  /** A session this old is over, however busy (SESSION_MAX_DAYS, formerly SESSION_TTL_DAYS). */
  sessionMaxDays: number;
  initialAdmin: { email: string; password: string } | undefined;
  /** Host names whose Host header is believed without PUBLIC_URL (see http/origin.ts). */
  allowedHosts: string[];
  /** Hosts an import may fetch images from although private or local (IMPORT_ALLOW_HOSTS). */
  importAllowHosts: string[];
  /** Anonymous GETs of public pages and the read API answered from memory; null: off. */
  pageCache: {
    maxBytes: number;
    /** The least time between two background renders of one page (PAGE_CACHE_MIN_RENDER_SECONDS). */
    minRenderIntervalMs: number;
    /** Cache-Control of public answers for shared caches (CACHE_*), in seconds. */
    cdn: { sMaxAge: number; staleWhileRevalidate: number; staleIfError: number };
  } | null;
  /**
   * Shared caches in front purged by tag on every change (CACHE_PURGE_URLS,
   * CACHE_PURGE_METHOD, CACHE_PURGE_TOKEN); null: none.
   */
  cachePurge: { urls: string[]; method: string; token: string | undefined } | null;
  /** Server processes (WORKERS): the number of cores by default, 1 under the test runner. */
  workers: number;
  production: boolean;
  /**
   * Proxies whose header with the client's address is believed (TRUST_PROXY),
   * and which header that is (TRUST_PROXY_HEADER); null: none.
   */
  trustProxy: TrustProxy;
  /** Per client address: contact messages and registrations (null: no limit). */
  rateLimits: { contact: RateLimitRule | null; register: RateLimitRule | null };
  /** Password-reset requests, counted per client address and per e-mail address (null: no limit). */
  passwordResetRateLimit: RateLimitRule | null;
  /** E-mail change requests (each mails a link), per user and per new address. */
  emailChangeRateLimit: RateLimitRule | null;
  /** Setting a password with a reset or invitation link, per client address (null: no limit). */
  setPasswordRateLimit: RateLimitRule | null;
  /** Registrations nobody approved are deleted after this many days (0: never). */
  registrationPurgeDays: number;
  /**
   * Slow clients: whole headers within `headersMs`, the whole request within `requestMs`
   * (`uploadMs` for uploads); an idle keep-alive connection is kept `keepAliveMs`.
   */
  timeouts: { headersMs: number; requestMs: number; uploadMs: number; keepAliveMs: number };
  /**
   * On SIGTERM, how long idle keep-alive connections are left to the proxy in front to close
   * (it may be sending a request over one at that moment) before the server closes them.
   */
  shutdownDrainMs: number;
  /** Open connections at most; more are refused until some close. */
  maxConnections: number;
  /**
   * The server's secret (SECRET_KEY); unset: DATA_DIR/secret.key, made on the
   * first start (server/auth/secret-key.ts). Never stored in the database.
   */
  secretKey: string | undefined;
  /** Outgoing mail (SMTP_URL, MAIL_FROM); null: mails stay in the outbox, unsent. */
  mail: { smtpUrl: string; from: string } | null;
};

export class ConfigError extends Error {}

/** Variables whose value an error message leaves out. */
const SECRETS = new Set(["SECRET_KEY", "ADMIN_PASSWORD"]);

/**
 * Reads and validates the environment. Throws a ConfigError whose message is
 * one line naming the variable, so `main.ts` can print it and exit 1.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    // Messages go to logs: a secret is never repeated, nor the credentials of an
    // address (s3://KEY:SECRET@…, smtp://user:password@…, postgres://…).
    const value = SECRETS.has(name)
      ? undefined
      : env[name]?.replace(/(\/\/)[^@/?#\s]*@/g, "$1***@");
    throw new ConfigError(
      `Invalid ${name}${value === undefined ? "" : ` (${JSON.stringify(value)})`}: ${issue.message}`,
    );
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      `Invalid ${e.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"}: ADMIN_EMAIL and ADMIN_PASSWORD must be set together`,
    );
  }
  if (
    e.SESSION_MAX_DAYS !== undefined &&
    e.SESSION_TTL_DAYS !== undefined &&
    e.SESSION_MAX_DAYS !== e.SESSION_TTL_DAYS
  ) {
    throw new ConfigError(
      "Invalid SESSION_TTL_DAYS: it is the old name of SESSION_MAX_DAYS; set only SESSION_MAX_DAYS",
    );
  }
  if (e.SMTP_URL !== undefined && e.MAIL_FROM === undefined) {
    throw new ConfigError(
      'Invalid MAIL_FROM: must be set when SMTP_URL is set (the sender address, like "Acme <no-reply@acme.com>")',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    uploadStore: e.UPLOAD_STORE,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "sqlite", file: path.join(dataDir, "beranda.db") },
    // Opt-in only: a site behind nginx or Caddy listens on a loopback address too.
    demoMode: e.DEMO_MODE ?? false,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    sessionMaxDays: e.SESSION_MAX_DAYS ?? e.SESSION_TTL_DAYS ?? 7,
    initialAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    allowedHosts: [
      ...new Set([
        "localhost",
        "127.0.0.1",
        "[::1]",
        ...(["0.0.0.0", "::"].includes(e.HOST) ? [] : [e.HOST.toLowerCase()]),
        ...e.ALLOWED_HOSTS,
      ]),
    ],
    importAllowHosts: e.IMPORT_ALLOW_HOSTS,
    pageCache: e.PAGE_CACHE
      ? {
          maxBytes: e.PAGE_CACHE_MAX_MB * 1024 * 1024,
          minRenderIntervalMs: e.PAGE_CACHE_MIN_RENDER_SECONDS * 1000,
          cdn: {
            sMaxAge: e.CACHE_S_MAXAGE,
            staleWhileRevalidate: e.CACHE_STALE_WHILE_REVALIDATE,
            staleIfError: e.CACHE_STALE_IF_ERROR,
          },
        }
      : null,
    cachePurge: e.CACHE_PURGE_URLS.length
      ? {
          urls: e.CACHE_PURGE_URLS,
          method: e.CACHE_PURGE_METHOD,
          token: e.CACHE_PURGE_TOKEN || undefined,
        }
      : null,
    workers: e.WORKERS ?? (env.VITEST ? 1 : os.availableParallelism()),
    production: env.NODE_ENV !== "development",
    trustProxy: e.TRUST_PROXY ? { ...e.TRUST_PROXY, header: e.TRUST_PROXY_HEADER } : null,
    rateLimits: { contact: e.CONTACT_RATE_LIMIT, register: e.REGISTER_RATE_LIMIT },
    passwordResetRateLimit: e.PASSWORD_RESET_RATE_LIMIT,
    emailChangeRateLimit: e.EMAIL_CHANGE_RATE_LIMIT,
    setPasswordRateLimit: e.SET_PASSWORD_RATE_LIMIT,
    registrationPurgeDays: e.REGISTRATION_PURGE_DAYS,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      uploadMs: e.UPLOAD_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    maxConnections: e.MAX_CONNECTIONS,
    dbLockTimeoutMs: e.DB_LOCK_TIMEOUT_MS ?? (e.DATABASE_URL ? 5000 : 100),
    secretKey: e.SECRET_KEY,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
  };
}
