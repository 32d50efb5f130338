import path from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Unset and empty both mean "not configured". */
const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalUrl = z.preprocess(blankAsUnset, z.url().optional());

const MEGABYTE = 1024 * 1024;
const IMAGE_MAX_BYTES_DEFAULT = 8 * MEGABYTE;
const PDF_MAX_BYTES_DEFAULT = 20 * MEGABYTE;

const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

const optionalText = z.preprocess(blankAsUnset, z.string().trim().optional());

/** Comma-separated email addresses, compared in lower case (better-auth stores emails lower-cased). */
const emailList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: "must be a comma-separated list of email addresses" })));

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl,
  BASE_URL: optionalUrl,
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Signs session cookies; when unset one is generated and kept in DATA_DIR/auth-secret. */
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAILS: emailList,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  OIDC_DISCOVERY_URL: optionalUrl.transform((url) => url ?? GOOGLE_DISCOVERY_URL),
  OIDC_ALLOWED_DOMAIN: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a domain such as rmstu.ac.bd")
      .optional(),
  ),
  /**
   * The request header a trusted reverse proxy sets to the client address (e.g. x-real-ip).
   * Unset: the socket address is the client, and any client-sent X-Forwarded-For is ignored.
   */
  TRUSTED_PROXY_HEADER: optionalText.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9-]+$/, "must be a header name such as x-real-ip")
      .optional(),
  ),
  /** Other sites' origins allowed to call the JSON API from a browser (comma-separated); none by default. */
  CORS_ORIGINS: z.preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(",")
            .map((origin) => origin.trim())
            .filter(Boolean)
        : [],
    z.array(z.url({ protocol: /^https?$/, error: "must list origins such as https://club.example.org" })),
  ),
  /** Sign-in and sign-up attempts allowed per client address within the window. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Submissions of the public /notice-form and /result-form allowed per client address within the window. */
  PUBLIC_FORM_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  PUBLIC_FORM_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Teammates one person may name (each is mailed an invitation) per window; then 429. */
  INVITATION_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  INVITATION_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Hours a team holds its place for its teammates to confirm (never past registration's close). */
  TEAM_CONFIRM_HOURS: z.coerce.number().positive().default(48),
  /**
   * Pages the cache could not answer (signed-in visitors, new URLs) rendered per client address
   * within the window; beyond it 429. Generous for people, tight for a script bypassing the cache.
   */
  RENDER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(100),
  RENDER_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(10),
  /** Upload size limits in bytes (a bigger file is answered 413). */
  IMAGE_MAX_BYTES: z.coerce.number().int().min(1).default(IMAGE_MAX_BYTES_DEFAULT),
  PDF_MAX_BYTES: z.coerce.number().int().min(1).default(PDF_MAX_BYTES_DEFAULT),
  /** Uploads allowed per client address within the window for anyone but admins (the public forms). */
  UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  UPLOAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Uploads one client (admins included) may have in progress at once; more are answered 429. */
  UPLOAD_CONCURRENCY_MAX: z.coerce.number().int().min(1).default(2),
  /** Set: uploads live in this S3-compatible bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: optionalText,
  /** An S3-compatible service other than AWS (MinIO, R2, Spaces…); unset means AWS. */
  S3_ENDPOINT: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^https?$/, error: "must be an http(s) address" }).optional(),
  ),
  S3_REGION: optionalText.transform((region) => region ?? "us-east-1"),
  /** Unset: the AWS SDK's usual credential chain (instance role, AWS_* variables…). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Mail goes out through this SMTP server (smtp:// or smtps://user:pass@host:port); unset: to the dashboard's outbox. */
  SMTP_URL: z.preprocess(
    blankAsUnset,
    z
      .url({ protocol: /^smtps?$/, error: "must be an address such as smtps://user:password@smtp.example.org:465" })
      .optional(),
  ),
  /** The sender of every mail, e.g. "CSE Programming Club <club@example.org>"; unset: no-reply at BASE_URL's host. */
  MAIL_FROM: optionalText,
  /** Mails sent per minute at most, across every process (a provider's sending limit). */
  SMTP_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Webhooks may post to loopback and private addresses (a self-hosted club's own chat server
   * next to the site); off, such addresses are refused when saved and when posted to.
   */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.preprocess(blankAsUnset, z.stringbool().default(false)),
  /** Telegram's Bot API; changed only to point tests at a local server. */
  TELEGRAM_API_URL: z.preprocess(blankAsUnset, z.url().default("https://api.telegram.org")),
  /** Codeforces' API, for standings fetched by contest id; changed only to point tests at a local server. */
  CODEFORCES_API_URL: z.preprocess(blankAsUnset, z.url().default("https://codeforces.com/api")),
  /** AtCoder's site (members' rating history, `/users/{handle}/history/json`); changed only by tests. */
  ATCODER_URL: z.preprocess(blankAsUnset, z.url().default("https://atcoder.jp")),
  /** The community AtCoder Problems API (members' accepted submissions); changed only by tests. */
  ATCODER_PROBLEMS_API_URL: z.preprocess(blankAsUnset, z.url().default("https://kenkoooo.com/atcoder/atcoder-api")),
  /**
   * Seconds between two calls to a judge's API, across every process: the judges' published
   * limits (Codeforces one call per 2 s; AtCoder Problems more than 1 s). Lowered only by tests.
   */
  CODEFORCES_CALL_SECONDS: z.coerce.number().min(0.05).default(2),
  ATCODER_CALL_SECONDS: z.coerce.number().min(0.05).default(1.5),
  /**
   * Set: /healthz adds the process's memory (RSS, V8's heap, the embedded database's WebAssembly
   * memory) to requests that send it in `X-Memory-Report`. For measuring (the bench's soak); unset in production.
   */
  MEMORY_REPORT_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Audit log entries older than this many days are removed by a daily job. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Attempts after the first for a failed mail or webhook post, with the first delay (it doubles each time). */
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).default(5),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  /** How often jobs of a process that died are looked for and handed to another. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).default(30),
});

export type Config = Omit<z.infer<typeof configSchema>, "DATA_DIR" | "BASE_URL"> & {
  DATA_DIR: string;
  BASE_URL: string;
};

export class ConfigError extends Error {}

/** A key id without its secret (or the reverse) is a typo, not "use the default credentials". */
function requireS3KeyPair(env: z.infer<typeof configSchema>, context: z.RefinementCtx) {
  if (Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY)) return;
  const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
  context.addIssue({
    code: "custom",
    path: [missing],
    message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
  });
}

/** Parses the environment; the error names every bad variable so start-up failures are obvious. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.superRefine(requireS3KeyPair).safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return `  ${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  return {
    ...parsed,
    DATA_DIR: path.resolve(parsed.DATA_DIR),
    BASE_URL: (parsed.BASE_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
  };
}
