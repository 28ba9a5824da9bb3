// The only reader of the environment. Every setting has a default that runs out of the box;
// a bad value stops the boot with a message naming the variable.
import os from 'node:os';
import path from 'node:path';

export type Role = 'web' | 'api' | 'all';
export type StorageDriverName = 'local' | 'oss';
export type SmsDriverName = 'log' | 'aliyun';

export interface Config {
  role: Role;
  web: { host: string; port: number; apiUrl: string; trustProxy: boolean; cookieSecure: boolean; dictRefreshMs: number; publicUrl: string; publicReadCacheMs: number; pageCacheMs: number; pageCacheStaleMs: number };
  api: {
    host: string; port: number; trustProxy: string; redisUrl: string; maxEventLoopDelayMs: number;
    /** HMAC key of the visitor ids the api hands guests (empty: one generated into $DATA_DIR/visitor-secret) */
    visitorSecret: string;
    /** this replica's name on the rows it owns (photo-search jobs): stable across its restarts, distinct between replicas */
    instanceId: string;
  };
  imageSearch: { indexDir: string; modelDir: string; inputSize: number; backend: 'wasm' | 'cpu'; extractThreads: number; indexThreads: number; indexOnStart: boolean; refreshMs: number; pgvector: 'auto' | 'off'; annFrom: number; annDims: number; annScalar: 'i8' | 'f16'; annExactTop: number; perIpPerDay: number; queueMax: number; staleJobMs: number };
  /**
   * Pattern-copy detection (issue 17 item 2): a product whose picture photo search finds at or above this
   * similarity to another company's product is flagged (IMAGE_COPY_SIMILARITY; default measured by
   * `npm run bench:image-search -- --copies`, see copySimilarityDefault).
   */
  patternCopy: { similarity: number; structure: number };
  db: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /**
   * Both services' limits on a client sending its request: the whole request within `requestTimeoutMs`,
   * its headers within `headersTimeoutMs`; Node checks them every `checkIntervalMs`. Past them: 408, closed.
   */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; checkIntervalMs: number };
  dataDir: string;
  seedOnEmpty: boolean;
  seedProducts: number;
  logLevel: string;
  passwordAesKey: string;
  /** log2 of scrypt's cost N for new password hashes; older, cheaper hashes are redone at sign-in */
  passwordHashCost: number;
  /** how often expired sessions, sign-in failure counts, SMS codes and upload grants are deleted */
  sweepExpiredMs: number;
  storage: {
    driver: StorageDriverName;
    localDir: string;
    publicBase: string;
    /** where widths and formats of local pictures are kept, and how many are encoded at once */
    variantDir: string;
    variantThreads: number;
    oss: { region: string; bucket: string; accessKeyId: string; accessKeySecret: string; roleArn: string; endpoint: string; publicBase: string };
  };
  sms: { driver: SmsDriverName; aliyun: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string } };
  notify: { driver: 'log' | 'wecom'; wecomWebhook: string; deliveryIntervalMs: number };
  /** demo accounts for every role are created with the demo data */
  demoAccounts: boolean;
  /** Bearer token of /metrics and /docs/json (empty: this machine only). */
  opsToken: string;
  orders: { unpaidMaxAgeMs: number; receivedCompleteAfterMs: number; sweepIntervalMs: number; platformUserIds: number[] };
  /** maps driver: AMap's JS API when a key is set, else none (region picker, coordinates, a static card) */
  maps: { amapKey: string; amapSecurityCode: string; amapVersion: string };
}

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid setting ${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

/**
 * Photo search's extraction threads by default: two where there are two cores, so a search's 4 views take
 * two network passes' time instead of four (bench:image-search measures it); more would only contend.
 */
/**
 * IMAGE_COPY_SIMILARITY's default: the pattern-copy threshold, measured on the photo-search benchmark's
 * query set (`npm run bench:image-search -- --designs 300 --queries 12 --sizes 0 --copies`, 2026-11-24,
 * 2 cores AMD EPYC, docs/benchmarks.md "Pattern-copy threshold"): each of 216 queries (18 transformations
 * of a catalogue picture) scored against its own design (a copy) and against every other design. The
 * engine's similarities of lace crowd near 1 (a different design's best median 0.987, max 0.9966), so the
 * threshold sits high: at 0.997 no different design was flagged (false-positive rate 0 of 216, under 1.4 %
 * at 95 %) and 43 % of copies were (recall 0.431): every re-encoded, turned or recoloured copy of the
 * catalogue picture (identity, rot90, JPEG q40, colourway 1.00, rescaled 0.92), half of the crops, few
 * photos (lighting 0.67, hue 0.42, blur 0.25, phone and backdrops 0). At 0.996 recall is 0.519 with 3 of
 * 216 different designs flagged (1.4 %).
 */
export const COPY_SIMILARITY_DEFAULT = 0.997;

/**
 * IMAGE_COPY_STRUCTURE's default: a pair at or above IMAGE_COPY_SIMILARITY is flagged only when the two
 * pictures also agree in structure (api/modules/search/engine/structure.ts) at least this much. The engine
 * alone flags distinct demo products: over all 320 demo products it finds 40 pairs of two companies at or
 * above 0.997 (generated dresses of one cut, eyelash and border strips laid out alike), whose structures
 * agree 0.71-0.92; re-saved, JPEG, turned and hue-shifted copies of a picture agree 0.97-1.00 (2026-11-24,
 * docs/benchmarks.md "Pattern-copy threshold"). At 0.95 no demo product is flagged.
 */
export const COPY_STRUCTURE_DEFAULT = 0.95;

export function defaultExtractThreads(): number {
  return Math.min(2, os.availableParallelism());
}

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${n}`);
  return n;
}

function fraction(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(raw.trim())) throw new ConfigError(name, `expected a number from 0 to 1, got "${raw}"`);
  return Number(raw);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = str(env, name, fallback);
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(name, `expected one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const raw = str(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `expected a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL, got "${raw}"`);
  return raw.replace(/\/$/, '');
}

/** Every setting, with its default and meaning: the README's table is generated from this list. */
export const SETTINGS: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'ROLE', default: 'all', meaning: 'which service this process runs: web, api or all (also `--role`)' },
  { name: 'PORT', default: '3000', meaning: 'web service port' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'web service listen address' },
  { name: 'PUBLIC_URL', default: 'http://localhost:3000', meaning: 'public origin of the site, for canonical links and sitemaps' },
  { name: 'API_PORT', default: '3001', meaning: 'api service port' },
  { name: 'API_HOST', default: '127.0.0.1', meaning: 'api service listen address' },
  { name: 'API_TRUST_PROXY', default: 'loopback', meaning: 'addresses whose X-Forwarded-For the api believes (the web service): loopback, a CIDR list, or false' },
  { name: 'REDIS_URL', default: '(empty: in memory)', meaning: 'redis://… where the api keeps its rate-limit counters, shared by every replica (without it each api counts alone)' },
  { name: 'API_MAX_EVENT_LOOP_DELAY_MS', default: '0', meaning: 'the api sheds load (503, code 100453) while its event loop lags more than this many ms on average, and /readyz says so (0: never; the compose file sets 1000)' },
  { name: 'API_VISITOR_SECRET', default: '(empty: generated once into $DATA_DIR/visitor-secret)', meaning: 'key that signs the visitor ids the api hands guests for the photo-search quota; set the same value on every api replica' },
  { name: 'API_INSTANCE_ID', default: '<hostname>:<API_PORT>', meaning: 'this api replica\'s name on the photo-search jobs it runs; a restart fails only its own unfinished jobs (and any past IMAGE_SEARCH_STALE_MS)' },
  { name: 'API_URL', default: 'http://127.0.0.1:3001', meaning: 'where the web service reaches the api' },
  { name: 'TRUST_PROXY', default: 'false', meaning: 'trust X-Forwarded-* from a load balancer in front of web' },
  { name: 'COOKIE_SECURE', default: 'false', meaning: 'mark the session cookie Secure (set behind TLS)' },
  { name: 'DICT_REFRESH_MS', default: '300000', meaning: 'how often web refreshes its cached dictionary (ms)' },
  { name: 'PUBLIC_READ_CACHE_MS', default: '1000', meaning: 'how long web keeps anonymous catalogue reads of page loaders (0 turns the micro-cache off)' },
  { name: 'REQUEST_TIMEOUT_MS', default: '60000', meaning: 'both services: a client must send its whole request (headers and body) within this many ms, its headers within min(20000, this); else 408 and the connection is closed' },
  { name: 'DATABASE_URL', default: '(empty: SQLite)', meaning: 'postgres://… to use PostgreSQL instead of the embedded SQLite file' },
  { name: 'DATA_DIR', default: './data', meaning: 'directory for the SQLite file, uploaded files and indexes' },
  { name: 'SQLITE_FILE', default: '$DATA_DIR/lace.sqlite', meaning: 'the SQLite database file' },
  { name: 'SEED_ON_EMPTY', default: 'true', meaning: 'seed demo data when the database has no products' },
  { name: 'SEED_PRODUCTS', default: '320', meaning: 'how many demo products the start-up seed creates' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'pino log level: fatal, error, warn, info, debug, trace, silent' },
  { name: 'PASSWORD_HASH_COST', default: '17', meaning: 'log2 of scrypt\'s N for password hashes (17: N = 131072, 128 MiB and about half a second a hash on one core); a password hashed at a lower cost is hashed again at this one when its owner signs in' },
  { name: 'SWEEP_EXPIRED_MS', default: '3600000', meaning: 'how often the api deletes expired sessions, passed sign-in failure windows, SMS codes older than a day and expired upload grants (ms)' },
  { name: 'PASSWORD_AES_KEY', default: 'lace-market-2026', meaning: 'the fixed AES-ECB key (16/24/32 chars) pages use to obscure passwords in transit' },
  { name: 'STORAGE_DRIVER', default: 'local', meaning: 'local (a directory) or oss (Aliyun OSS)' },
  { name: 'STORAGE_DIR', default: '$DATA_DIR/files', meaning: 'directory of the local storage driver' },
  { name: 'STORAGE_PUBLIC_BASE', default: '/api/files', meaning: 'URL prefix under which local files are served' },
  { name: 'IMAGE_VARIANT_DIR', default: '$DATA_DIR/image-variants', meaning: 'where the widths and formats (AVIF, WebP, JPEG) of local pictures are kept once made' },
  { name: 'IMAGE_VARIANT_THREADS', default: 'max(1, cores - 1)', meaning: 'how many picture variants the api encodes at once (the rest wait)' },
  { name: 'OSS_REGION', default: '', meaning: 'Aliyun OSS region, e.g. oss-cn-hangzhou (oss driver)' },
  { name: 'OSS_BUCKET', default: '', meaning: 'Aliyun OSS bucket (oss driver)' },
  { name: 'OSS_ACCESS_KEY_ID', default: '', meaning: 'RAM user key id allowed to assume OSS_ROLE_ARN (oss driver)' },
  { name: 'OSS_ACCESS_KEY_SECRET', default: '', meaning: 'RAM user key secret (oss driver)' },
  { name: 'OSS_ROLE_ARN', default: '', meaning: 'RAM role assumed via STS for temporary browser upload credentials' },
  { name: 'OSS_ENDPOINT', default: '', meaning: 'OSS endpoint override (default https://$OSS_BUCKET.$OSS_REGION.aliyuncs.com)' },
  { name: 'OSS_PUBLIC_BASE', default: '', meaning: 'public/CDN URL prefix for stored objects (oss driver)' },
  { name: 'SMS_DRIVER', default: 'log', meaning: 'log (development: codes written to the log as warnings, never sent; the api warns at start) or aliyun (Aliyun SMS)' },
  { name: 'ALIYUN_SMS_ACCESS_KEY_ID', default: '', meaning: 'Aliyun SMS key id (aliyun driver)' },
  { name: 'ALIYUN_SMS_ACCESS_KEY_SECRET', default: '', meaning: 'Aliyun SMS key secret (aliyun driver)' },
  { name: 'ALIYUN_SMS_SIGN_NAME', default: '', meaning: 'Aliyun SMS signature name (aliyun driver)' },
  { name: 'ALIYUN_SMS_TEMPLATE_CODE', default: '', meaning: 'Aliyun SMS template code with a ${code} parameter (aliyun driver)' },
  { name: 'IMAGE_INDEX_DIR', default: '$DATA_DIR/image-index', meaning: 'where the photo-search index file is kept' },
  { name: 'IMAGE_MODEL_DIR', default: '(empty: MobileNetV2 of nsfwjs)', meaning: 'a tfjs Layers/Graph model directory (e.g. converted DINOv2 or CLIP) to use instead' },
  { name: 'IMAGE_MODEL_INPUT', default: '160', meaning: 'the network input side in pixels' },
  { name: 'IMAGE_TF_BACKEND', default: 'wasm', meaning: 'tfjs backend for photo search: wasm or cpu' },
  { name: 'IMAGE_EXTRACT_THREADS', default: 'min(2, cores)', meaning: 'worker threads that run the photo-search network; a search\'s views are shared out over all of them' },
  { name: 'IMAGE_INDEX_THREADS', default: 'IMAGE_EXTRACT_THREADS', meaning: 'how many of those threads may index catalogue pictures (indexing is cut into one view a task and a search goes first, so it waits at most for the view in progress; fewer keeps threads idle for searches)' },
  { name: 'IMAGE_INDEX_ON_START', default: 'true', meaning: 'index products without descriptors in the background after start' },
  { name: 'IMAGE_INDEX_REFRESH_MS', default: '30000', meaning: 'how often an api picks up descriptors other replicas wrote (0: never)' },
  { name: 'IMAGE_PGVECTOR', default: 'auto', meaning: 'on PostgreSQL use pgvector HNSW where the extension exists (auto) or never (off)' },
  { name: 'IMAGE_ANN_FROM', default: '20000', meaning: 'from this many stored photo-search vectors on, search a PCA-projected HNSW graph (usearch) instead of an exact scan' },
  { name: 'IMAGE_ANN_DIMS', default: '256', meaning: 'dimensions photo-search vectors are projected to for that graph' },
  { name: 'IMAGE_ANN_SCALAR', default: 'i8', meaning: 'how that graph keeps the projected vectors: i8 (one byte a number) or f16 (two)' },
  { name: 'IMAGE_ANN_EXACT_TOP', default: '20', meaning: 'after re-scoring the graph\'s candidates from codes in memory, how many of the best are scored again with their stored descriptors (0: the database is never read while searching)' },
  { name: 'IMAGE_SEARCH_PER_IP_PER_DAY', default: '50', meaning: 'photo searches guests may start from one client address in a day, whatever visitor ids they carry (signed-in users count per account)' },
  { name: 'IMAGE_SEARCH_QUEUE_MAX', default: '16', meaning: 'photo searches waiting for or in extraction at once in one api; past it a search is refused with 503 (code 1004030)' },
  { name: 'IMAGE_COPY_STRUCTURE', default: String(COPY_STRUCTURE_DEFAULT), meaning: "pattern-copy detection: a pair at or above IMAGE_COPY_SIMILARITY is flagged only when the two pictures' fine structure, compared at the four right-angle turns, agrees at least this much (0-1; docs/benchmarks.md)" },
  { name: 'IMAGE_COPY_SIMILARITY', default: String(COPY_SIMILARITY_DEFAULT), meaning: 'pattern-copy detection: a saved product whose picture photo search finds this similar (0-1) to another company\'s on-sale product is flagged to its seller and to the operator (measured on the photo-search benchmark, docs/benchmarks.md)' },
  { name: 'IMAGE_SEARCH_STALE_MS', default: '600000', meaning: 'a photo-search job still pending this long is failed by any api at start, whichever replica ran it' },
  { name: 'ORDER_UNPAID_MAX_AGE_MS', default: '259200000', meaning: 'an order unpaid this long after its last change is cancelled by the system (9900); 72 h' },
  { name: 'ORDER_RECEIVED_COMPLETE_AFTER_MS', default: '604800000', meaning: 'a received bulk order becomes a trade success this long after receipt; 7 days' },
  { name: 'ORDER_SWEEP_INTERVAL_MS', default: '60000', meaning: 'how often the api applies the two order rules above' },
  { name: 'PLATFORM_USER_IDS', default: '(empty)', meaning: 'comma-separated user ids given the platform operator role at boot (operators are a role in the database)' },
  { name: 'AMAP_KEY', default: '(empty: no map)', meaning: 'AMap (高德) JS API web key; empty: shops place themselves with a region picker and coordinates and show a static location card' },
  { name: 'AMAP_SECURITY_CODE', default: '', meaning: 'AMap JS API security code (securityJsCode) paired with AMAP_KEY' },
  { name: 'AMAP_VERSION', default: '1.3', meaning: 'AMap JS API version loaded (SPEC §7)' },
  { name: 'OPS_TOKEN', default: '(empty: only requests from this machine)', meaning: 'bearer token that opens /metrics (web) and /api/docs/json (api) to a scraper or an operator elsewhere; without it they answer 403 to any address but loopback' },
  { name: 'DEMO_ACCOUNTS', default: 'true', meaning: 'with the demo data, create demo accounts for every role (designer, trader, manufacturer, operator); never without demo data' },
  { name: 'NOTIFY_DRIVER', default: 'log', meaning: 'where messages go beyond the site: log (the service log) or wecom (a WeCom group robot webhook)' },
  { name: 'NOTIFY_WECOM_WEBHOOK', default: '', meaning: 'the WeCom robot webhook URL (wecom driver)' },
  { name: 'NOTIFY_DELIVERY_INTERVAL_MS', default: '5000', meaning: 'how often the api sends undelivered messages through the driver' },
];

function idList(env: Env, name: string): number[] {
  const raw = str(env, name, '').trim();
  if (!raw) return [];
  return raw.split(',').map((part) => {
    const v = part.trim();
    if (!/^\d+$/.test(v) || Number(v) < 1) throw new ConfigError(name, `expected comma-separated user ids, got "${raw}"`);
    return Number(v);
  });
}

function httpTimeouts(requestTimeoutMs: number): Config['http'] {
  return { requestTimeoutMs, headersTimeoutMs: Math.min(20_000, requestTimeoutMs), checkIntervalMs: Math.min(30_000, Math.max(250, Math.floor(requestTimeoutMs / 4))) };
}

export function loadConfig(env: Env = process.env, argv: string[] = process.argv.slice(2)): Config {
  const roleArg = argv.find((a, i) => a.startsWith('--role=') || argv[i - 1] === '--role');
  const roleRaw = roleArg?.startsWith('--role=') ? roleArg.slice(7) : roleArg ?? str(env, 'ROLE', 'all');
  if (!['web', 'api', 'all'].includes(roleRaw)) throw new ConfigError('ROLE', `expected web, api or all, got "${roleRaw}"`);
  const dataDir = path.resolve(str(env, 'DATA_DIR', './data'));
  const databaseUrl = env.DATABASE_URL ? url(env, 'DATABASE_URL', '', ['postgres:', 'postgresql:']) : '';
  const apiPort = int(env, 'API_PORT', 3001, 1, 65535);
  const webPort = int(env, 'PORT', 3000, 0, 65535);
  const aesKey = str(env, 'PASSWORD_AES_KEY', 'lace-market-2026');
  if (![16, 24, 32].includes(Buffer.byteLength(aesKey))) throw new ConfigError('PASSWORD_AES_KEY', 'must be 16, 24 or 32 bytes long');
  const storageDriver = oneOf(env, 'STORAGE_DRIVER', ['local', 'oss'] as const, 'local');
  const oss = {
    region: str(env, 'OSS_REGION', ''),
    bucket: str(env, 'OSS_BUCKET', ''),
    accessKeyId: str(env, 'OSS_ACCESS_KEY_ID', ''),
    accessKeySecret: str(env, 'OSS_ACCESS_KEY_SECRET', ''),
    roleArn: str(env, 'OSS_ROLE_ARN', ''),
    endpoint: str(env, 'OSS_ENDPOINT', ''),
    publicBase: str(env, 'OSS_PUBLIC_BASE', ''),
  };
  if (storageDriver === 'oss') {
    for (const [k, v] of [['OSS_REGION', oss.region], ['OSS_BUCKET', oss.bucket], ['OSS_ACCESS_KEY_ID', oss.accessKeyId], ['OSS_ACCESS_KEY_SECRET', oss.accessKeySecret], ['OSS_ROLE_ARN', oss.roleArn]]) {
      if (!v) throw new ConfigError(k, 'required when STORAGE_DRIVER=oss');
    }
  }
  const smsDriver = oneOf(env, 'SMS_DRIVER', ['log', 'aliyun'] as const, 'log');
  const aliyun = {
    accessKeyId: str(env, 'ALIYUN_SMS_ACCESS_KEY_ID', ''),
    accessKeySecret: str(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET', ''),
    signName: str(env, 'ALIYUN_SMS_SIGN_NAME', ''),
    templateCode: str(env, 'ALIYUN_SMS_TEMPLATE_CODE', ''),
  };
  if (smsDriver === 'aliyun') {
    for (const [k, v] of Object.entries({ ALIYUN_SMS_ACCESS_KEY_ID: aliyun.accessKeyId, ALIYUN_SMS_ACCESS_KEY_SECRET: aliyun.accessKeySecret, ALIYUN_SMS_SIGN_NAME: aliyun.signName, ALIYUN_SMS_TEMPLATE_CODE: aliyun.templateCode })) {
      if (!v) throw new ConfigError(k, 'required when SMS_DRIVER=aliyun');
    }
  }
  const notifyDriver = oneOf(env, 'NOTIFY_DRIVER', ['log', 'wecom'] as const, 'log');
  const wecomWebhook = env.NOTIFY_WECOM_WEBHOOK ? url(env, 'NOTIFY_WECOM_WEBHOOK', '', ['https:']) : '';
  if (notifyDriver === 'wecom' && !wecomWebhook) throw new ConfigError('NOTIFY_WECOM_WEBHOOK', 'required when NOTIFY_DRIVER=wecom');
  const logLevel = oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info');
  return {
    role: roleRaw as Role,
    web: {
      host: str(env, 'HOST', '0.0.0.0'),
      port: webPort,
      apiUrl: url(env, 'API_URL', `http://127.0.0.1:${apiPort}`, ['http:', 'https:']),
      trustProxy: bool(env, 'TRUST_PROXY', false),
      cookieSecure: bool(env, 'COOKIE_SECURE', false),
      dictRefreshMs: int(env, 'DICT_REFRESH_MS', 300_000, 1000),
      publicReadCacheMs: int(env, 'PUBLIC_READ_CACHE_MS', 1000, 0, 60_000),
      pageCacheMs: int(env, 'PAGE_CACHE_MS', 10_000, 0, 600_000),
      pageCacheStaleMs: int(env, 'PAGE_CACHE_STALE_MS', 60_000, 0, 3_600_000),
      publicUrl: url(env, 'PUBLIC_URL', `http://localhost:${webPort || 3000}`, ['http:', 'https:']),
    },
    api: {
      host: str(env, 'API_HOST', '127.0.0.1'),
      port: apiPort,
      trustProxy: str(env, 'API_TRUST_PROXY', 'loopback'),
      redisUrl: env.REDIS_URL ? url(env, 'REDIS_URL', '', ['redis:', 'rediss:']) : '',
      maxEventLoopDelayMs: int(env, 'API_MAX_EVENT_LOOP_DELAY_MS', 0, 0, 60_000),
      visitorSecret: str(env, 'API_VISITOR_SECRET', ''),
      instanceId: str(env, 'API_INSTANCE_ID', `${os.hostname()}:${apiPort}`).slice(0, 100),
    },
    imageSearch: {
      indexDir: path.resolve(str(env, 'IMAGE_INDEX_DIR', path.join(dataDir, 'image-index'))),
      modelDir: str(env, 'IMAGE_MODEL_DIR', ''),
      inputSize: int(env, 'IMAGE_MODEL_INPUT', 160, 64, 1024),
      backend: oneOf(env, 'IMAGE_TF_BACKEND', ['wasm', 'cpu'] as const, 'wasm'),
      extractThreads: int(env, 'IMAGE_EXTRACT_THREADS', defaultExtractThreads(), 1, 64),
      // By default every extraction thread indexes: a search goes before the indexing work still queued,
      // so it waits at most for the one view (about 40 ms) each thread is describing.
      indexThreads: int(env, 'IMAGE_INDEX_THREADS', int(env, 'IMAGE_EXTRACT_THREADS', defaultExtractThreads(), 1, 64), 1, 64),
      indexOnStart: bool(env, 'IMAGE_INDEX_ON_START', true),
      refreshMs: int(env, 'IMAGE_INDEX_REFRESH_MS', 30_000, 0),
      pgvector: oneOf(env, 'IMAGE_PGVECTOR', ['auto', 'off'] as const, 'auto'),
      annFrom: int(env, 'IMAGE_ANN_FROM', 20_000, 1),
      annDims: int(env, 'IMAGE_ANN_DIMS', 256, 16, 2048),
      annScalar: oneOf(env, 'IMAGE_ANN_SCALAR', ['i8', 'f16'] as const, 'i8'),
      annExactTop: int(env, 'IMAGE_ANN_EXACT_TOP', 20, 0, 300),
      perIpPerDay: int(env, 'IMAGE_SEARCH_PER_IP_PER_DAY', 50, 1),
      queueMax: int(env, 'IMAGE_SEARCH_QUEUE_MAX', 16, 1, 10_000),
      staleJobMs: int(env, 'IMAGE_SEARCH_STALE_MS', 600_000, 10_000),
    },
    patternCopy: { similarity: fraction(env, 'IMAGE_COPY_SIMILARITY', COPY_SIMILARITY_DEFAULT), structure: fraction(env, 'IMAGE_COPY_STRUCTURE', COPY_STRUCTURE_DEFAULT) },
    http: httpTimeouts(int(env, 'REQUEST_TIMEOUT_MS', 60_000, 1000, 3_600_000)),
    db: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'sqlite', file: path.resolve(str(env, 'SQLITE_FILE', path.join(dataDir, 'lace.sqlite'))) },
    dataDir,
    seedOnEmpty: bool(env, 'SEED_ON_EMPTY', true),
    seedProducts: int(env, 'SEED_PRODUCTS', 320, 0, 10_000_000),
    logLevel,
    passwordAesKey: aesKey,
    passwordHashCost: int(env, 'PASSWORD_HASH_COST', 17, 14, 20),
    sweepExpiredMs: int(env, 'SWEEP_EXPIRED_MS', 3_600_000, 1000, 86_400_000),
    storage: {
      driver: storageDriver,
      localDir: path.resolve(str(env, 'STORAGE_DIR', path.join(dataDir, 'files'))),
      publicBase: str(env, 'STORAGE_PUBLIC_BASE', '/api/files').replace(/\/$/, ''),
      variantDir: path.resolve(str(env, 'IMAGE_VARIANT_DIR', path.join(dataDir, 'image-variants'))),
      variantThreads: int(env, 'IMAGE_VARIANT_THREADS', Math.max(1, os.availableParallelism() - 1), 1, 64),
      oss,
    },
    sms: { driver: smsDriver, aliyun },
    notify: { driver: notifyDriver, wecomWebhook, deliveryIntervalMs: int(env, 'NOTIFY_DELIVERY_INTERVAL_MS', 5000, 100) },
    demoAccounts: bool(env, 'DEMO_ACCOUNTS', true),
    opsToken: str(env, 'OPS_TOKEN', ''),
    orders: {
      unpaidMaxAgeMs: int(env, 'ORDER_UNPAID_MAX_AGE_MS', 72 * 3600_000, 60_000),
      receivedCompleteAfterMs: int(env, 'ORDER_RECEIVED_COMPLETE_AFTER_MS', 7 * 24 * 3600_000, 60_000),
      sweepIntervalMs: int(env, 'ORDER_SWEEP_INTERVAL_MS', 60_000, 1000),
      platformUserIds: idList(env, 'PLATFORM_USER_IDS'),
    },
    maps: {
      amapKey: str(env, 'AMAP_KEY', '').trim(),
      amapSecurityCode: str(env, 'AMAP_SECURITY_CODE', '').trim(),
      amapVersion: str(env, 'AMAP_VERSION', '1.3').trim(),
    },
  };
}

/** Values tests and tools read from the environment (kept here so no other folder reads process.env). */
export const testEnv = {
  requirePg: bool(process.env, 'REQUIRE_PG', false),
  pgUrl: str(process.env, 'TEST_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test'),
  ci: bool(process.env, 'CI', false),
  chromiumPath: str(process.env, 'CHROMIUM_PATH', '/usr/bin/chromium'),
};

/**
 * Where browsers send pictures in oss mode (the bucket's own host on the OSS endpoint), or '' when
 * storage is local: the api hands this out as the upload URL and the web lets pages connect to it (CSP).
 */
export function ossUploadOrigin(storage: { driver: StorageDriverName; oss: { bucket: string; region: string; endpoint?: string } }): string {
  if (storage.driver !== 'oss' || !storage.oss.bucket || !storage.oss.region) return '';
  const endpoint = storage.oss.endpoint || `https://${storage.oss.region}.aliyuncs.com`;
  return `https://${storage.oss.bucket}.${endpoint.replace(/^https?:\/\//, '').replace(/\/+$/, '')}`;
}
