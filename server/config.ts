import os from 'node:os';
import path from 'node:path';
import { LOCAL_KNOWLEDGE_MODEL } from '../contract/agents';
import { optional } from './env-values';
import { pushConfig, type PushConfig } from './push-config';

export type RuntimeEnv = 'production' | 'development' | 'test';

/** At most `max` attempts per `windowSeconds` for one key (an address, an account, an email). */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** The progressive delay of failed sign-ins to one account (server/services/auth/login-throttle.ts). */
export interface LoginBackoff {
  /** Failed sign-ins an account may have before its failing clients are slowed down. */
  freeFailures: number;
  /** The first delay; each further failure doubles it. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** An account this long without a failure starts again from zero. */
  forgetAfterSeconds: number;
}

export interface RateLimits {
  /** Wrong current passwords when changing the password, per account. */
  loginPerAccount: RateLimit;
  /** Failed sign-ins per client address (successful ones do not count). */
  loginPerAddress: RateLimit;
  registerPerAddress: RateLimit;
  resetRequestPerEmail: RateLimit;
  resetRequestPerAddress: RateLimit;
  resendVerificationPerEmail: RateLimit;
  resendVerificationPerAddress: RateLimit;
  /** The live username and email checks of the register form. */
  availabilityPerAddress: RateLimit;
  /** Messages sent from the sandbox's customer phone (public, like texting a number). */
  sandboxPhonePerAddress: RateLimit;
  /**
   * The sandbox phone's reads (its thread, media and the numbers it can text): an open phone polls its
   * thread 40 times a minute, and a first read of a thread claims the customer number for that browser.
   */
  sandboxPhoneReadsPerAddress: RateLimit;
  /** Pretend Embedded Signups finished in the sandbox's popup (public, like Facebook's). */
  sandboxSignupPerAddress: RateLimit;
  /** Document uploads per owner (each file is one request). */
  documentUploadPerOwner: RateLimit;
  /** Mailed-link tokens (verification, password reset) that were not valid, per client address. */
  badLinkTokensPerAddress: RateLimit;
  /** Webhook deliveries and handshakes refused (a bad signature or verify token), per client address. */
  webhookRefusalsPerAddress: RateLimit;
  /** Health checks per client address (an orchestrator probes every few seconds). */
  healthPerAddress: RateLimit;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_LOGIN_BACKOFF: LoginBackoff = {
  freeFailures: 3,
  baseDelaySeconds: 1,
  maxDelaySeconds: 5 * MINUTE,
  forgetAfterSeconds: 15 * MINUTE,
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAccount: { max: 10, windowSeconds: 15 * MINUTE },
  loginPerAddress: { max: 50, windowSeconds: 15 * MINUTE },
  registerPerAddress: { max: 20, windowSeconds: HOUR },
  resetRequestPerEmail: { max: 5, windowSeconds: HOUR },
  resetRequestPerAddress: { max: 20, windowSeconds: HOUR },
  resendVerificationPerEmail: { max: 5, windowSeconds: HOUR },
  resendVerificationPerAddress: { max: 20, windowSeconds: HOUR },
  availabilityPerAddress: { max: 120, windowSeconds: MINUTE },
  sandboxPhonePerAddress: { max: 60, windowSeconds: MINUTE },
  sandboxPhoneReadsPerAddress: { max: 200, windowSeconds: MINUTE },
  sandboxSignupPerAddress: { max: 20, windowSeconds: HOUR },
  documentUploadPerOwner: { max: 30, windowSeconds: 10 * MINUTE },
  badLinkTokensPerAddress: { max: 20, windowSeconds: 15 * MINUTE },
  webhookRefusalsPerAddress: { max: 30, windowSeconds: MINUTE },
  healthPerAddress: { max: 3_000, windowSeconds: MINUTE },
};

/**
 * What one owner's documents may cost (server/services/knowledge): refused uploads answer 4xx, and a
 * document over a limit found while reading it fails with the reason.
 */
export interface DocumentLimits {
  /** DOCUMENT_QUOTA_MB: the sum of an owner's stored files. */
  storageQuotaBytes: number;
  /** Pages one PDF may have. */
  maxPages: number;
  /** Chunks (contexts) one document may make. */
  maxChunks: number;
  /** Width × height of an image read by OCR, alone or inside a PDF; larger ones are never decoded. */
  maxImagePixels: number;
  /** One document's reading (text, OCR, chunking) is stopped after this long. */
  readTimeoutMs: number;
  /** The JavaScript heap of the process that reads documents. */
  readerMemoryMb: number;
}

const MB = 1024 * 1024;

/** How long a session may go unused before it ends (server/services/auth/sessions.ts). */
export interface SessionIdleLimits {
  seconds: number;
  rememberedSeconds: number;
}

/**
 * A session not asked to be remembered lives in one browser tab (session storage) for at most 12 hours
 * and ends after two hours away, like closing the tab; a remembered one (30 days) ends after a week
 * unused, so that a forgotten device does not stay signed in for a month. Every request is a use;
 * an open live stream alone is not, so a tab left open with nothing happening ends like a closed one.
 */
export const DEFAULT_SESSION_IDLE: SessionIdleLimits = { seconds: 2 * HOUR, rememberedSeconds: 7 * DAY };

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  storageQuotaBytes: 200 * MB,
  maxPages: 500,
  maxChunks: 5000,
  maxImagePixels: 40_000_000,
  readTimeoutMs: 5 * 60_000,
  readerMemoryMb: 1024,
};

/**
 * How long the HTTP server waits on a client before closing its connection, so that silent and
 * half-open connections cannot pile up (a client that opens many and sends a little on each).
 */
export interface HttpTimeouts {
  /** HTTP_HEADERS_TIMEOUT_MS: from a request's first byte to the end of its headers. */
  headersMs: number;
  /**
   * HTTP_REQUEST_TIMEOUT_MS: to receive a whole request, body included: a 25 MB upload must fit on a
   * slow uplink. A live stream is a GET with no body: it is received at once and lasts as long as it is open.
   */
  requestMs: number;
  /**
   * HTTP_IDLE_TIMEOUT_MS: a connection with nothing read or written this long; well above the live
   * stream's heartbeat (LIVE_HEARTBEAT_MS) and the longest any handler stays silent.
   */
  idleMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 15_000, requestMs: 5 * 60_000, idleMs: 2 * 60_000 };

/**
 * Meta's app (Embedded Signup, Graph API, webhooks) as the environment gives it. The whatsapp plugin
 * resolves it: without META_APP_ID, META_APP_SECRET and META_CONFIG_ID the sandbox stands in for Meta.
 */
export interface WhatsAppConfig {
  appId: string | undefined;
  appSecret: string | undefined;
  configId: string | undefined;
  /** What Meta's webhook verification handshake must send as `hub.verify_token`. */
  verifyToken: string | undefined;
  /** Unset: https://graph.facebook.com, or the sandbox's own simulator while the sandbox is on. */
  graphApiBaseUrl: string | undefined;
  graphApiVersion: string;
  /** Every Graph call gives up after this long. */
  graphTimeoutMs: number;
  /** The sandbox's pretend review: how long a submitted template waits before approval or rejection. */
  sandboxTemplateReviewMs: number;
}

export interface Config {
  env: RuntimeEnv;
  host: string;
  port: number;
  /** Where embedded mode keeps its database and generated secrets. */
  dataDir: string;
  /** PostgreSQL connection string; unset means embedded PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /** The address people use to reach the product; links in mails point here. */
  publicUrl: string;
  /** The built single-page app (index.html and assets). */
  webDir: string;
  logLevel: string;
  /** Base64 32-byte master key (access tokens, secrets at rest); unset means one generated in `dataDir`. */
  secretKey: string | undefined;
  /** SMTP server for real mail; unset means the dev outbox (stored, logged, listed by the sandbox). */
  smtpUrl: string | undefined;
  /**
   * How many reverse proxies in front of us to believe about the client's address
   * (X-Forwarded-For); 0 trusts none, so a client cannot pick its own rate-limit key.
   */
  trustProxyHops: number;
  httpTimeouts: HttpTimeouts;
  mailFrom: string;
  rateLimits: RateLimits;
  loginBackoff: LoginBackoff;
  /** SESSION_IDLE_MINUTES, REMEMBERED_SESSION_IDLE_DAYS: a session unused this long ends. */
  sessionIdle: SessionIdleLimits;
  whatsapp: WhatsAppConfig;
  /** AGENT_MODELS: the provider-prefixed model ids agents may use; always ends with `local/knowledge-base`. */
  agentModels: string[];
  /** OPENAI_COMPATIBLE_BASE_URL: where `openai-compatible/…` models are served (e.g. a local Ollama). */
  openaiCompatibleBaseUrl: string | undefined;
  /**
   * OPENAI_COMPATIBLE_EMBEDDING_MODEL: the embedding model that server offers (e.g. `nomic-embed-text`);
   * unset, the documents of `openai-compatible/…` agents are searched by full text only.
   */
  openaiCompatibleEmbeddingModel: string | undefined;
  /** REPLY_DEBOUNCE_MS: how long the reply job waits so that a burst of customer messages gets one answer. */
  replyDebounceMs: number;
  /** REPLY_RETRY_BASE_MS: the first wait before retrying a failed model call (then doubled each time). */
  replyRetryBaseMs: number;
  /** How many jobs of each lane one process runs at once (REPLY_CONCURRENCY, INGEST_CONCURRENCY). */
  jobConcurrency: JobConcurrency;
  documentLimits: DocumentLimits;
  /** LIVE_STREAMS_PER_OWNER: live event streams (tabs) one owner may hold open on one API node. */
  liveStreamsPerOwner: number;
  /** VAPID_*, PUSH_ALLOW_HOSTS: Web Push to members' devices (server/push-config.ts). */
  push: PushConfig;
}

/** The job lanes' concurrency per process: replies wait on I/O, ingestion uses a core. */
export interface JobConcurrency {
  /** AI replies and memory extraction (a reply and its memory job are two model calls). */
  replies: number;
  /** Document ingestion: at most one per core, and one core left for replies and requests. */
  ingestion: number;
}

const ROOT = path.resolve(__dirname, '..');

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  }
  return parsed;
}

/** Offered when AGENT_MODELS is unset; `local/knowledge-base` is always added. */
export const DEFAULT_AGENT_MODELS = [
  'openai/gpt-4o-mini',
  'openai/gpt-4.1',
  'anthropic/claude-sonnet-4-5',
  'anthropic/claude-haiku-4-5',
  'google/gemini-2.5-flash',
  'google/gemini-2.5-pro',
  'openai-compatible/llama3.1',
];

/** Comma-separated `provider/model` ids, trimmed and de-duplicated, plus the local model. */
function agentModels(value: string | undefined): string[] {
  const listed =
    optional(value)
      ?.split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '') ?? DEFAULT_AGENT_MODELS;
  for (const id of listed) {
    if (!/^[a-z0-9][a-z0-9-]*\/\S+$/i.test(id)) {
      throw new Error(`AGENT_MODELS entries must be provider-prefixed ids like 'openai/gpt-4o-mini', got '${id}'`);
    }
  }
  return [...new Set([...listed, LOCAL_KNOWLEDGE_MODEL])];
}

/** An integer setting that cannot go below 1 (a smaller value means 1). */
function atLeastOne(name: string, value: string | undefined, fallback: number): number {
  return Math.max(1, integer(name, value, fallback));
}

function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  return {
    headersMs: atLeastOne('HTTP_HEADERS_TIMEOUT_MS', env.HTTP_HEADERS_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.headersMs),
    requestMs: atLeastOne('HTTP_REQUEST_TIMEOUT_MS', env.HTTP_REQUEST_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.requestMs),
    idleMs: atLeastOne('HTTP_IDLE_TIMEOUT_MS', env.HTTP_IDLE_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.idleMs),
  };
}

function sessionIdle(env: NodeJS.ProcessEnv): SessionIdleLimits {
  const minutes = atLeastOne('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, DEFAULT_SESSION_IDLE.seconds / MINUTE);
  const rememberedDays = atLeastOne(
    'REMEMBERED_SESSION_IDLE_DAYS',
    env.REMEMBERED_SESSION_IDLE_DAYS,
    DEFAULT_SESSION_IDLE.rememberedSeconds / DAY,
  );
  return { seconds: minutes * MINUTE, rememberedSeconds: rememberedDays * DAY };
}

/** Meta's app (unset: the sandbox) and the Graph API it is reached through. */
function whatsapp(env: NodeJS.ProcessEnv): WhatsAppConfig {
  return {
    appId: optional(env.META_APP_ID),
    appSecret: optional(env.META_APP_SECRET),
    configId: optional(env.META_CONFIG_ID),
    verifyToken: optional(env.META_VERIFY_TOKEN),
    graphApiBaseUrl: optional(env.GRAPH_API_BASE_URL)?.replace(/\/+$/, ''),
    graphApiVersion: optional(env.GRAPH_API_VERSION) ?? 'v23.0',
    graphTimeoutMs: integer('GRAPH_API_TIMEOUT_MS', env.GRAPH_API_TIMEOUT_MS, 10_000),
    sandboxTemplateReviewMs: integer('SANDBOX_TEMPLATE_REVIEW_MS', env.SANDBOX_TEMPLATE_REVIEW_MS, 5_000),
  };
}

function jobConcurrency(env: NodeJS.ProcessEnv): JobConcurrency {
  return {
    replies: atLeastOne('REPLY_CONCURRENCY', env.REPLY_CONCURRENCY, 64),
    ingestion: atLeastOne('INGEST_CONCURRENCY', env.INGEST_CONCURRENCY, Math.floor(os.availableParallelism() / 2)),
  };
}

function documentLimits(env: NodeJS.ProcessEnv): DocumentLimits {
  const quotaMb = integer('DOCUMENT_QUOTA_MB', env.DOCUMENT_QUOTA_MB, DEFAULT_DOCUMENT_LIMITS.storageQuotaBytes / MB);
  return { ...DEFAULT_DOCUMENT_LIMITS, storageQuotaBytes: quotaMb * MB };
}

/** Environment → typed config, with the embedded defaults of DESIGN.md §1. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const runtime: RuntimeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const port = integer('PORT', env.PORT, 3000);
  const mailFrom = optional(env.MAIL_FROM) ?? 'Threadline <no-reply@threadline.local>';
  return {
    env: runtime,
    host: optional(env.HOST) ?? '0.0.0.0',
    port,
    dataDir: path.resolve(optional(env.DATA_DIR) ?? path.join(ROOT, 'data')),
    databaseUrl: optional(env.DATABASE_URL),
    publicUrl: (optional(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    webDir: path.resolve(optional(env.WEB_DIR) ?? path.join(ROOT, 'dist', 'web')),
    logLevel: optional(env.LOG_LEVEL) ?? (runtime === 'test' ? 'silent' : 'info'),
    secretKey: optional(env.SECRET_KEY),
    smtpUrl: optional(env.SMTP_URL),
    trustProxyHops: integer('TRUST_PROXY_HOPS', env.TRUST_PROXY_HOPS, 0),
    httpTimeouts: httpTimeouts(env),
    mailFrom,
    rateLimits: DEFAULT_RATE_LIMITS,
    loginBackoff: DEFAULT_LOGIN_BACKOFF,
    sessionIdle: sessionIdle(env),
    whatsapp: whatsapp(env),
    agentModels: agentModels(env.AGENT_MODELS),
    openaiCompatibleBaseUrl: optional(env.OPENAI_COMPATIBLE_BASE_URL)?.replace(/\/+$/, ''),
    openaiCompatibleEmbeddingModel: optional(env.OPENAI_COMPATIBLE_EMBEDDING_MODEL),
    replyDebounceMs: integer('REPLY_DEBOUNCE_MS', env.REPLY_DEBOUNCE_MS, 2000),
    replyRetryBaseMs: integer('REPLY_RETRY_BASE_MS', env.REPLY_RETRY_BASE_MS, 1000),
    jobConcurrency: jobConcurrency(env),
    documentLimits: documentLimits(env),
    liveStreamsPerOwner: atLeastOne('LIVE_STREAMS_PER_OWNER', env.LIVE_STREAMS_PER_OWNER, 10),
    push: pushConfig(env, mailFrom),
  };
}
