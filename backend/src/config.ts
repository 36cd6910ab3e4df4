import { isServiceBase } from './assistant/tools/service-area.ts';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { APP_COMMIT } from './version.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optionalSecret = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** Every environment variable the server reads; `.env.example` documents each one. */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  PUBLIC_BASE_URL: z.url({ error: 'must be a full URL such as https://quotes.example.com' }).optional(),
  DEMO_DATA: z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).default('on'),
  BUSINESS_NAME: z.string().trim().min(1, 'must not be empty').default('Lost Coast Soft Wash (demo)'),
  BUSINESS_PHONE: z.string().trim().min(1, 'must not be empty').default('(707) 555-0142'),
  BUSINESS_EMAIL: z
    .email({ error: 'must be an e-mail address' })
    .default('office@lostcoast-softwash.example'),
  SERVICE_AREA: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .default('Mendocino, Humboldt and Trinity counties, especially Southern Humboldt'),
  // Where the trucks leave from (a gazetteer town or "lat,lon"), for the assistant's service-area
  // tool. Unset: every town of the served counties is in the area.
  SERVICE_BASE_LOCATION: z
    .string()
    .trim()
    .refine(isServiceBase, 'must be a town of the service-area gazetteer or "latitude,longitude"')
    .optional(),
  SERVICE_RADIUS_MILES: z.coerce
    .number({ error: 'must be a number of miles' })
    .positive('must be more than 0')
    .max(500, 'must be at most 500')
    .optional(),
  SCHEDULING_CALENDAR_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or empty' })])
    .default(''),
  BUSINESS_TIMEZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'must be an IANA time zone such as America/Los_Angeles')
    .default('America/Los_Angeles'),
  OWNER_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  OWNER_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(256).optional(),
  OWNER_NAME: z.string().trim().min(1).max(120).default('Owner'),
  SESSION_IDLE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be positive')
    .max(24 * 30)
    .default(12),
  SESSION_MAX_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .positive('must be positive')
    .max(365)
    .default(7),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(20),
  EMBED_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine(
      (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
      'must be origins like https://example.com, separated by spaces or commas',
    ),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform(parseTrustProxy)
    .refine((v) => v !== null, {
      message:
        'must be empty (trust no proxy), a number of proxy hops such as 1, or addresses such as "loopback, 10.0.0.0/8"',
    })
    .transform((v) => v ?? false),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, silent',
    })
    .default('info'),
  QUOTE_TIME_BUDGET_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(2, 'must be at least 2')
    .max(60, 'must be at most 60')
    .default(22),
  UPLOAD_DEADLINE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(180),
  ASSISTANT_TURN_BUDGET_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(9, 'must be at most 9 (Twilio waits 15 s for an answer, Response Delay included)')
    .default(6),
  // Where the built apps are served from; tests point these at their own builds.
  PUBLIC_SITE_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  // Provider keys used by later features; each is optional and has a local fallback.
  OPENAI_API_KEY: optionalSecret,
  OPENAI_MODEL: optionalSecret,
  OPENAI_BASE_URL: optionalSecret,
  TWILIO_ACCOUNT_SID: optionalSecret,
  TWILIO_AUTH_TOKEN: optionalSecret,
  TWILIO_PHONE_NUMBER: optionalSecret,
  // The office line a caller is put through to when they ask for a person; unset = a call back.
  STAFF_FORWARD_NUMBER: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, such as +17075550142')
    .optional(),
  // The voice calls are answered in: Amazon Polly voices need no extra setup on Twilio.
  TWILIO_VOICE: z
    .string()
    .trim()
    .regex(/^(alice|man|woman|Polly\.[A-Za-z-]+|Google\.[A-Za-z0-9-]+)$/, {
      message: 'must be a Twilio <Say> voice such as Polly.Joanna, Google.en-US-Neural2-F or alice',
    })
    .default('Polly.Joanna'),
  // How calls are answered: 'stream' (Twilio ConversationRelay over a WebSocket: the caller hears
  // the first words at once and can cut in) or 'gather' (<Say> + <Gather>, one webhook per turn).
  // Unset: stream when the public address is https (Twilio connects only to wss://), else gather.
  PHONE_VOICE_MODE: z
    .enum(['stream', 'gather'], { error: "must be 'stream' or 'gather'" })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Only tests and benchmarks change it: a fake Twilio API on 127.0.0.1.
  // Where addresses are turned into points for the crew's route: 'census' (the US Census
  // geocoder, no key) or unset (nothing leaves the server; staff drop pins).
  GEOCODER: z.enum(['census'], { error: 'must be "census" or empty' }).optional(),
  GEOCODER_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://geocoding.geo.census.gov' })
    .default('https://geocoding.geo.census.gov'),
  TWILIO_API_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.twilio.com' })
    .default('https://api.twilio.com'),
  // Payments (issue 35): a restricted key with Checkout Sessions, Payment Intents, Refunds and
  // Balance Transactions is enough. Unset: the pages say "pay at the visit", staff record cash.
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  // Tests and the bench point the SDK at a fake Stripe on 127.0.0.1; production keeps the default.
  STRIPE_API_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.stripe.com' })
    .default('https://api.stripe.com'),
  META_PAGE_ACCESS_TOKEN: optionalSecret,
  META_APP_SECRET: optionalSecret,
  META_VERIFY_TOKEN: optionalSecret,
  // Tests and the bench point this at a fake Meta on 127.0.0.1; production keeps the default.
  META_GRAPH_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://graph.facebook.com/v21.0'),
  NGROK_AUTHTOKEN: optionalSecret,
  // Where quotes are e-mailed through: smtp(s)://user:password@host:port. Unset = no e-mail.
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465',
    })
    .optional(),
  // The sender of quote e-mails; unset = the business e-mail (BUSINESS_EMAIL).
  QUOTE_FROM_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  // Backups: where they go, how often (0 = no scheduled backups), how many are kept.
  BACKUP_DIR: z.string().trim().min(1, 'must not be empty').default('./backups'),
  BACKUP_EVERY_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .max(7 * 24 * 60, 'must be at most a week')
    .default(60),
  BACKUP_KEEP_HOURLY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(10_000).default(48),
  BACKUP_KEEP_DAILY: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10_000).default(30),
  // Off-machine copies to S3-compatible storage; no bucket = none.
  BACKUP_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  BACKUP_S3_BUCKET: optionalSecret,
  BACKUP_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  BACKUP_S3_ACCESS_KEY_ID: optionalSecret,
  BACKUP_S3_SECRET_ACCESS_KEY: optionalSecret,
  BACKUP_S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, 'must be a key prefix such as washdesk/')
    .default('washdesk/'),
});

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = net.isIP(address ?? '');
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/**
 * Which proxies' `X-Forwarded-For` is believed (Express's "trust proxy"): nobody by default, so a
 * client cannot pick its own address to dodge the per-address limits. `null` = not understood.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  if (value === '' || value === 'false' || value === 'off') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 20 ? hops : hops === 0 ? false : null;
  }
  const entries = value.split(/[\s,]+/).filter(Boolean);
  return entries.length && entries.every(isProxyAddress) ? entries : null;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  photoDir: string;
  uploadTempDir: string;
  publicBaseUrl: string;
  demoData: boolean;
  timeZone: string;
  business: {
    name: string;
    phone: string;
    email: string;
    serviceArea: string;
    /** SERVICE_BASE_LOCATION: with it, towns past the radius are passed to the office to confirm. */
    serviceBaseLocation?: string;
    /** SERVICE_RADIUS_MILES around the base; unset = the advertised radius. */
    serviceRadiusMiles?: number;
    schedulingCalendarUrl: string;
  };
  owner?: { email: string; password: string; name: string };
  session: { idleMs: number; absoluteMs: number };
  rateLimitPerMinute: number;
  /** Longest a photo upload may take to arrive, whole; a slower one is stopped with 408. */
  uploadDeadlineMs: number;
  /** Express's "trust proxy": false (nobody), a hop count, or proxy addresses. */
  trustProxy: false | number | string[];
  /** Sites that may frame the embeddable quote tool; empty = any site. */
  embedAllowedOrigins: string[];
  logLevel: string;
  /** How long a customer may wait for a photo quote, analysis included. */
  quoteBudgetMs: number;
  /** How long the assistant waits for the AI model in one turn before the no-model path answers. */
  assistantTurnBudgetMs: number;
  /** Built apps the server hands out; missing folders are reported on the page, not fatal. */
  publicSiteDist: string;
  adminDist: string;
  migrationsDir: string;
  providers: {
    openai: { apiKey?: string; model?: string; baseUrl?: string };
    twilio: {
      accountSid?: string;
      authToken?: string;
      phoneNumber?: string;
      /** E.164 number a caller asking for a person is put through to. */
      staffForwardNumber?: string;
      /** The `<Say voice>` calls are answered in. */
      voice: string;
      /** Where the Twilio REST API is (https://api.twilio.com, or a fake in tests). */
      apiBaseUrl: string;
      /** PHONE_VOICE_MODE; undefined = stream on an https public address, else gather. */
      voiceMode?: 'stream' | 'gather';
    };
    meta: { pageAccessToken?: string; appSecret?: string; verifyToken?: string; graphBaseUrl: string };
    /** Online payments; no secretKey = none (cash and checks recorded by staff). */
    stripe: { secretKey?: string; webhookSecret?: string; apiBaseUrl: string };
    ngrok: { authtoken?: string };
    /** Turns addresses into points for routes; undefined = none (staff drop pins). */
    geocoder?: { kind: 'census'; baseUrl: string };
    /** Quote e-mails: the SMTP server (with its credentials) and the sender; no url = no e-mail. */
    email: { smtpUrl?: string; from: string };
  };
  backups: {
    dir: string;
    /** 0 = no scheduled backups (`npm run backup` and the one before an upgrade still run). */
    everyMinutes: number;
    keepHourly: number;
    keepDaily: number;
    /** Off-machine copies; undefined = none. */
    s3?: {
      endpoint?: string;
      bucket: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      prefix: string;
    };
  };
  /** The git commit this build came from (the image's, or the checkout's), when known. */
  gitCommit: string | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v === '' && k !== 'SCHEDULING_CALENDAR_URL' ? undefined : v]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      // Never echo a secret back into a terminal or a log.
      const shown = /PASSWORD|KEY|TOKEN|SECRET|SID|SMTP_URL/.test(name)
        ? '[hidden]'
        : JSON.stringify(env[name] ?? '');
      return `  ${name}=${shown}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  }
  const e = parsed.data;
  if (Boolean(e.OWNER_EMAIL) !== Boolean(e.OWNER_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  OWNER_EMAIL and OWNER_PASSWORD must be set together.\nSee .env.example for every setting.',
    );
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  if (Boolean(e.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(e.BACKUP_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY must be set together.\nSee .env.example for every setting.',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'washdesk.sqlite'),
    photoDir: path.join(dataDir, 'photos'),
    uploadTempDir: path.join(dataDir, 'uploads-in-progress'),
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    demoData: e.DEMO_DATA === 'on',
    timeZone: e.BUSINESS_TIMEZONE,
    business: {
      name: e.BUSINESS_NAME,
      phone: e.BUSINESS_PHONE,
      email: e.BUSINESS_EMAIL,
      serviceArea: e.SERVICE_AREA,
      serviceBaseLocation: e.SERVICE_BASE_LOCATION || undefined,
      serviceRadiusMiles: e.SERVICE_RADIUS_MILES,
      schedulingCalendarUrl: e.SCHEDULING_CALENDAR_URL,
    },
    owner:
      e.OWNER_EMAIL && e.OWNER_PASSWORD
        ? { email: e.OWNER_EMAIL.toLowerCase(), password: e.OWNER_PASSWORD, name: e.OWNER_NAME }
        : undefined,
    session: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, absoluteMs: e.SESSION_MAX_DAYS * 86_400_000 },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    uploadDeadlineMs: e.UPLOAD_DEADLINE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    embedAllowedOrigins: e.EMBED_ALLOWED_ORIGINS,
    logLevel: e.LOG_LEVEL,
    quoteBudgetMs: e.QUOTE_TIME_BUDGET_SECONDS * 1000,
    assistantTurnBudgetMs: e.ASSISTANT_TURN_BUDGET_SECONDS * 1000,
    publicSiteDist: path.resolve(cwd, e.PUBLIC_SITE_DIST ?? path.join(repoRoot, 'public-site', 'dist')),
    adminDist: path.resolve(cwd, e.ADMIN_DIST ?? path.join(repoRoot, 'admin', 'dist')),
    migrationsDir: path.join(repoRoot, 'backend', 'migrations'),
    providers: {
      openai: { apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL, baseUrl: e.OPENAI_BASE_URL },
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        phoneNumber: e.TWILIO_PHONE_NUMBER,
        staffForwardNumber: e.STAFF_FORWARD_NUMBER,
        voice: e.TWILIO_VOICE,
        apiBaseUrl: e.TWILIO_API_BASE_URL.replace(/\/+$/, ''),
        voiceMode: e.PHONE_VOICE_MODE,
      },
      meta: {
        pageAccessToken: e.META_PAGE_ACCESS_TOKEN,
        appSecret: e.META_APP_SECRET,
        verifyToken: e.META_VERIFY_TOKEN,
        graphBaseUrl: e.META_GRAPH_BASE_URL.replace(/\/+$/, ''),
      },
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        apiBaseUrl: e.STRIPE_API_BASE_URL.replace(/\/+$/, ''),
      },
      ngrok: { authtoken: e.NGROK_AUTHTOKEN },
      geocoder: e.GEOCODER
        ? { kind: e.GEOCODER, baseUrl: e.GEOCODER_BASE_URL.replace(/\/+$/, '') }
        : undefined,
      email: { smtpUrl: e.SMTP_URL, from: e.QUOTE_FROM_EMAIL ?? e.BUSINESS_EMAIL },
    },
    backups: {
      dir: path.resolve(cwd, e.BACKUP_DIR),
      everyMinutes: e.BACKUP_EVERY_MINUTES,
      keepHourly: e.BACKUP_KEEP_HOURLY,
      keepDaily: e.BACKUP_KEEP_DAILY,
      s3: e.BACKUP_S3_BUCKET
        ? {
            endpoint: e.BACKUP_S3_ENDPOINT,
            bucket: e.BACKUP_S3_BUCKET,
            region: e.BACKUP_S3_REGION,
            accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY,
            prefix: e.BACKUP_S3_PREFIX,
          }
        : undefined,
    },
    gitCommit: APP_COMMIT,
  };
}
