import path from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Unset and empty both mean "not configured". */
const optionalUrl = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.url().optional(),
);

const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

/** Unset and empty both mean "not configured". */
const optionalText = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().optional(),
);

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
  /** Sign-in and sign-up attempts allowed per client address within the window. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
});

export type Config = Omit<z.infer<typeof configSchema>, "DATA_DIR" | "BASE_URL"> & {
  DATA_DIR: string;
  BASE_URL: string;
};

export class ConfigError extends Error {}

/** Parses the environment; the error names every bad variable so start-up failures are obvious. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
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
