// Price and time display rules of SPEC §9.
export type Lang = 'zh' | 'en';

/** Cents to a display price: two decimals, zero padded; missing or negative is "price by negotiation". */
export function formatPrice(cents: number | null | undefined, lang: Lang): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents) || cents < 0) return lang === 'zh' ? '价格面议' : 'Price by negotiation';
  return (Math.round(cents) / 100).toFixed(2);
}

export function hasPrice(cents: number | null | undefined): cents is number {
  return cents !== null && cents !== undefined && Number.isFinite(cents) && cents >= 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Relative time: just now, minutes, hours, days (under 30), month-day (under 360 days), else the full date. */
export function formatRelativeTime(then: Date | string | number, lang: Lang, now: Date = new Date()): string {
  const t = new Date(then);
  const diff = Math.max(0, now.getTime() - t.getTime());
  const min = 60_000, hour = 60 * min, day = 24 * hour;
  if (diff < min) return lang === 'zh' ? '刚刚' : 'just now';
  if (diff < hour) { const n = Math.floor(diff / min); return lang === 'zh' ? `${n}分钟前` : `${n} minute${n > 1 ? 's' : ''} ago`; }
  if (diff < day) { const n = Math.floor(diff / hour); return lang === 'zh' ? `${n}小时前` : `${n} hour${n > 1 ? 's' : ''} ago`; }
  if (diff < 30 * day) { const n = Math.floor(diff / day); return lang === 'zh' ? `${n}天前` : `${n} day${n > 1 ? 's' : ''} ago`; }
  if (diff < 360 * day) return `${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}
