// Price and time display rules of SPEC §9.
export type Lang = 'zh' | 'en';

/** A record's text in the reader's language: its English when the page is English and it has one, else its Chinese. */
export const byLang = (lang: Lang | string, zh: string, en: string | null | undefined): string => (lang === 'en' && en ? en : zh);

/** Cents to a display price: two decimals, zero padded; missing or negative is "price by negotiation". */
/** Punctuation between a label and its value, and between clauses: full-width in Chinese, "x: y" and "x, y" in English. */
export const colonOf = (lang: Lang | string): string => (lang === 'zh' ? '：' : ': ');
export const commaOf = (lang: Lang | string): string => (lang === 'zh' ? '，' : ', ');
export const semicolonOf = (lang: Lang | string): string => (lang === 'zh' ? '；' : '; ');
/** The gap before a bracketed note: none before Chinese full-width brackets, a space before English ones. */
export const gapOf = (lang: Lang | string): string => (lang === 'zh' ? '' : ' ');

export function formatPrice(cents: number | null | undefined, lang: Lang): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents) || cents < 0) return lang === 'zh' ? '价格面议' : 'Price by negotiation';
  return (Math.round(cents) / 100).toFixed(2);
}

/**
 * A number as `toLocaleString('en-US')` writes it (what 'en' and 'zh-CN' write too): thousands grouped
 * with commas, at most three decimals, rounded half away from zero on its shortest decimal form (as ICU
 * does: 1.0005 is 1.001). Written by hand: the first Intl call of a page makes the browser load its
 * locale data, 17-35 ms on the benchmark machine (four times that on Lighthouse's simulated phone), in
 * the middle of hydration (issue 20).
 */
export function groupDigits(n: number): string {
  const abs = Math.abs(n);
  if (!Number.isFinite(n) || abs >= 1e21) return n.toLocaleString('en-US');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  // Below 1e-6 String() writes an exponent; such a number is 0 to three decimals.
  const [int, frac = ''] = (abs < 1e-6 ? '0' : String(abs)).split('.');
  let digits = int + frac.slice(0, 3).padEnd(3, '0');
  if (frac.length > 3 && frac[3] >= '5') digits = addOne(digits);
  const whole = digits.slice(0, -3).replace(/^0+(?=\d)/, '') || '0';
  const decimals = digits.slice(-3).replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** A string of decimal digits plus one ('0999' -> '1000'). */
function addOne(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') { out[i] = String(Number(out[i]) + 1); return out.join(''); }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

export function hasPrice(cents: number | null | undefined): cents is number {
  return cents !== null && cents !== undefined && Number.isFinite(cents) && cents >= 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Times are shown in the marketplace's zone, China Standard Time (UTC+8, no daylight saving), whatever
 * the zone of the server or the browser, so the server's render and the hydrated page say the same, and
 * every time says which zone it is in. Written from numbers, not a locale's format, which differs
 * between ICU versions (Node's and the browser's).
 */
export const MARKET_TIME_ZONE = 'Asia/Shanghai';
const MARKET_OFFSET_MS = 8 * 3600_000;
const zoneNames = { zh: { short: '北京时间', long: '北京时间（UTC+8）' }, en: { short: 'China time', long: 'China Standard Time (UTC+8)' } } as const;
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Civil { year: number; month: number; day: number; hour: number; minute: number }

/** The wall-clock date and time in China Standard Time. */
function inMarketZone(then: Date | string | number): Civil | null {
  const ms = new Date(then).getTime();
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms + MARKET_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter of the IANA zone's numbers, or null when the runtime does not know the zone. */
function zoneFormat(zone: string): Intl.DateTimeFormat | null {
  let f = zoneFormats.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    } catch {
      f = null;
    }
    if (zoneFormats.size < 64) zoneFormats.set(zone, f);
  }
  return f;
}

/** A viewer's zone worth using: a known IANA name other than the market's own. */
export function isViewerZone(zone: string | null | undefined): zone is string {
  return !!zone && zone.length <= 64 && /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone) && zone !== MARKET_TIME_ZONE && zoneFormat(zone) !== null;
}

/** The wall-clock date and time in the viewer's zone, with that zone's offset from UTC in minutes. */
function inZone(then: Date | string | number, zone: string): (Civil & { offset: number }) | null {
  const ms = new Date(then).getTime();
  const f = zoneFormat(zone);
  if (!Number.isFinite(ms) || !f) return null;
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const civil = { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute };
  const asUtc = Date.UTC(civil.year, civil.month - 1, civil.day, civil.hour, civil.minute);
  return { ...civil, offset: Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000) };
}

function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `UTC${sign}${Math.floor(m / 60)}${m % 60 ? `:${pad(m % 60)}` : ''}`;
}

/** The zone's name, short (beside each time) or long (a tooltip or a caption). */
export function marketZoneName(lang: Lang, form: 'short' | 'long' = 'short'): string {
  return zoneNames[lang][form];
}

/** The name of the zone times are shown in: the market's, or the viewer's own with its offset now. */
export function zoneName(lang: Lang, zone: string | null | undefined, form: 'short' | 'long' = 'short', at: Date | string | number = Date.now()): string {
  const c = isViewerZone(zone) ? inZone(at, zone) : null;
  if (!c || !zone) return marketZoneName(lang, form);
  if (form === 'long') return lang === 'zh' ? `您的时区 ${zone}（${utcOffset(c.offset)}）` : `Your time zone, ${zone} (${utcOffset(c.offset)})`;
  return ownZoneLabel(lang, c.offset);
}

const ownZoneLabel = (lang: Lang, offset: number) => (lang === 'zh' ? `当地时间 ${utcOffset(offset)}` : `your time, ${utcOffset(offset)}`);

/**
 * Date and time, labelled with its zone: China Standard Time by default ("2026-11-23 21:05（北京时间）",
 * "23 Nov 2026, 21:05 (China time)"), or the viewer's own zone when the page knows it ("23 Nov 2026,
 * 14:05 (your time, UTC+1)"); "—" when missing.
 */
export function formatDateTime(then: Date | string | number | null | undefined, lang: Lang, zone?: string | null): string {
  if (then === null || then === undefined || then === '') return '—';
  const own = isViewerZone(zone) ? inZone(then, zone) : null;
  const c = own ?? inMarketZone(then);
  if (!c) return '—';
  const label = own ? ownZoneLabel(lang, own.offset) : zoneNames[lang].short;
  const time = `${pad(c.hour)}:${pad(c.minute)}`;
  return lang === 'zh'
    ? `${c.year}-${pad(c.month)}-${pad(c.day)} ${time}（${label}）`
    : `${c.day} ${MONTHS_EN[c.month - 1]} ${c.year}, ${time} (${label})`;
}

/** Relative time: just now, minutes, hours, days (under 30), month-day (under 360 days), else the full date; dates in China Standard Time or the viewer's zone. */
export function formatRelativeTime(then: Date | string | number, lang: Lang, now: Date = new Date(), zone?: string | null): string {
  const t = new Date(then);
  const diff = Math.max(0, now.getTime() - t.getTime());
  const min = 60_000, hour = 60 * min, day = 24 * hour;
  if (diff < min) return lang === 'zh' ? '刚刚' : 'just now';
  if (diff < hour) { const n = Math.floor(diff / min); return lang === 'zh' ? `${n}分钟前` : `${n} minute${n > 1 ? 's' : ''} ago`; }
  if (diff < day) { const n = Math.floor(diff / hour); return lang === 'zh' ? `${n}小时前` : `${n} hour${n > 1 ? 's' : ''} ago`; }
  if (diff < 30 * day) { const n = Math.floor(diff / day); return lang === 'zh' ? `${n}天前` : `${n} day${n > 1 ? 's' : ''} ago`; }
  const c = (isViewerZone(zone) ? inZone(t, zone) : null) ?? inMarketZone(t);
  if (!c) return '—';
  if (diff < 360 * day) return `${pad(c.month)}-${pad(c.day)}`;
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** A phone number with its middle hidden: 13800138000 → 138****8000 (shorter ones keep only their last two digits). */
export const maskMobile = (m: string): string => (m.length >= 11 ? `${m.slice(0, 3)}****${m.slice(-4)}` : m.replace(/\d(?=\d{2})/g, '*'));
