// Response codes of the { code, message, data } envelope. Code 0 is success; every other code has a
// message in both languages. The api, the pages and the tests import these; none is written twice.
export const Codes = {
  OK: 0,
  BAD_REQUEST: 100400,
  NOT_FOUND: 100404,
  GONE: 100410,
  TOO_MANY_REQUESTS: 100429,
  INTERNAL: 100500,
  UPSTREAM_UNAVAILABLE: 100502,
  SESSION_EXPIRED: 210018,
  FORBIDDEN: 210403,
  IMAGE_SEARCH_QUOTA: 1004020,
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

export const codeMessages: Record<number, { zh: string; en: string }> = {
  [Codes.OK]: { zh: '成功', en: 'Success' },
  [Codes.BAD_REQUEST]: { zh: '请求参数有误', en: 'The request is not valid' },
  [Codes.NOT_FOUND]: { zh: '内容不存在', en: 'Not found' },
  [Codes.GONE]: { zh: '内容已下架', en: 'This item has been removed' },
  [Codes.TOO_MANY_REQUESTS]: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  [Codes.INTERNAL]: { zh: '服务器开小差了，请稍后再试', en: 'Something went wrong on our side, please try again' },
  [Codes.UPSTREAM_UNAVAILABLE]: { zh: '服务暂时不可用，请稍后再试', en: 'The service is unavailable, please try again shortly' },
  [Codes.SESSION_EXPIRED]: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please sign in again' },
  [Codes.FORBIDDEN]: { zh: '无权访问', en: 'You are not allowed to do this' },
  [Codes.IMAGE_SEARCH_QUOTA]: { zh: '今日7次免费搜花次数已用完', en: 'Your 7 free flower searches for today are used up' },
};

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function messageFor(code: number, lang: 'zh' | 'en' = 'zh'): string {
  return codeMessages[code]?.[lang] ?? codeMessages[Codes.INTERNAL][lang];
}
