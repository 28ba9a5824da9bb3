// Per-IP rate limits on everything an outsider can trigger at a cost to us (SMS, password checks, photo
// search, uploads): one table, applied by URL when routes are added, so modules stay free of it. Counters
// live in memory by default and in Redis when REDIS_URL is set, so replicas share them. Over the limit:
// 429, the envelope (100429) and Retry-After.
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { Codes } from '../../isomorphic/domain/codes';
import { ApiError } from './errors';

export interface RateLimitRule { max: number; timeWindow: number; groupId: string }


/** Each group's budget per client IP; routes of one group share one counter. */
export const RateLimitRules = {
  // Budgets leave room for an office behind one address; the per-phone and per-account rules
  // (sms.service, the login throttle) are the tight ones.
  smsSend: { max: 10, timeWindow: 10 * 60_000, groupId: 'sms-send' },
  login: { max: 30, timeWindow: 5 * 60_000, groupId: 'login' },
  passwordCheck: { max: 20, timeWindow: 15 * 60_000, groupId: 'password-check' },
  photoSearch: { max: 20, timeWindow: 60_000, groupId: 'photo-search' },
  upload: { max: 60, timeWindow: 60_000, groupId: 'upload' },
  // Enquiries reach sellers' inboxes and message centres; each account has its own tighter budget (enquiry.service).
  enquiry: { max: 60, timeWindow: 10 * 60_000, groupId: 'enquiry' },
} satisfies Record<string, RateLimitRule>;

/** Which routes (method and URL as registered) count against which budget. */
export const RATE_LIMITED_ROUTES: Record<string, RateLimitRule> = {
  'POST /front/user/getRegSMSCode': RateLimitRules.smsSend,
  'POST /front/user/getVerifyCode': RateLimitRules.smsSend,
  'POST /front/user/login': RateLimitRules.login,
  'POST /front/user/reg': RateLimitRules.passwordCheck,
  'POST /front/user/findPassWd': RateLimitRules.passwordCheck,
  'POST /user/checkPasswd': RateLimitRules.passwordCheck,
  'POST /user/restPasswd': RateLimitRules.passwordCheck,
  'POST /user/changeMobile': RateLimitRules.passwordCheck,
  'POST /search/encoded': RateLimitRules.photoSearch,
  'POST /search/url': RateLimitRules.photoSearch,
  // Posting a purchase request, or republishing it with a new picture, runs a photo search on its picture.
  'POST /productBuy/release': RateLimitRules.photoSearch,
  'POST /productBuy/act': RateLimitRules.photoSearch,
  'POST /file/upload': RateLimitRules.upload,
  'POST /file/token': RateLimitRules.upload,
  'POST /flower/customPattern': RateLimitRules.upload,
  'POST /clothes/customProduct': RateLimitRules.upload,
  'POST /enquiry/askPurchase': RateLimitRules.enquiry,
  'POST /enquiry/reply': RateLimitRules.enquiry,
};

export interface RateLimitSetup { redisUrl: string }

/** Registers the limiter; call before the modules so their routes pick up the table above. */
export async function registerRateLimits(app: FastifyInstance, setup: RateLimitSetup): Promise<void> {
  let redis: Redis | undefined;
  if (setup.redisUrl) {
    // No offline queue: while Redis is away a count fails at once, and skipOnError lets the call through.
    redis = new Redis(setup.redisUrl, { connectTimeout: 5000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', (err) => app.log.warn({ err }, 'rate-limit store (Redis) unavailable'));
    app.addHook('onClose', async () => { await redis?.quit().catch(() => redis?.disconnect()); });
    // Start counting in Redis from the first request: wait (a little) for the connection.
    const client = redis;
    const ready = await new Promise<boolean>((resolve) => {
      if (client.status === 'ready') return resolve(true);
      const timer = setTimeout(() => resolve(false), 5000);
      client.once('ready', () => { clearTimeout(timer); resolve(true); });
    });
    if (!ready) app.log.warn('rate-limit store (Redis) not ready after 5 s: calls go uncounted until it is');
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'lace-rate:' } : {}),
    skipOnError: true,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: () => new ApiError(Codes.TOO_MANY_REQUESTS, 429),
  });
  // One handler (so one counter) per group, shared by the group's routes; the key names the group.
  const handlers = new Map<string, onRequestHookHandler>();
  const handlerFor = (rule: RateLimitRule): onRequestHookHandler => {
    let handler = handlers.get(rule.groupId);
    if (!handler) {
      handler = app.rateLimit({ max: rule.max, timeWindow: rule.timeWindow, keyGenerator: (req) => `${rule.groupId}:${req.ip}` }) as onRequestHookHandler;
      handlers.set(rule.groupId, handler);
    }
    return handler;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rule = methods.map((m) => RATE_LIMITED_ROUTES[`${m} ${route.url}`]).find(Boolean);
    if (!rule) return;
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [handlerFor(rule), ...own];
  });
}
