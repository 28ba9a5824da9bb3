// Pieces the trade pages share: reading the page number and filters from the URL, and one row of a
// purchase request or a supply offer in a list (the teaser, with the details when the api gave them).
import { Link } from 'react-router';
import type { PurchaseListItem } from '../../contracts/purchase';
import type { SupplyListItem } from '../../contracts/supply';
import { formatDateTime, formatRelativeTime } from '../../domain/format';
import { useNow, useTimeZone } from '../../components/when';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { tradeWords } from './trade.words';

export function codeParam(url: URL, name: string): number | undefined {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? n : undefined;
}

export function PurchaseRow({ r }: { r: PurchaseListItem }) {
  const w = useWords(tradeWords);
  const lang = useLang();
  const now = useNow();
  const zone = useTimeZone();
  return (
    <li className="trade-row" data-request-id={r.id}>
      {r.imageUrl ? <img className="trade-row__image" src={r.imageUrl} alt="" width={72} height={72} loading="lazy" /> : <span className="trade-row__image trade-row__image--hidden" aria-hidden="true">?</span>}
      <span className="trade-row__body">
        <Link className="trade-row__title" to={`/buy/${r.id}`}>{r.description ?? `${r.catalogueLabel} · ${r.sampleTypeLabel}`}</Link>
        {r.matchesMine ? <span className="trade-row__match" data-matches-mine="">{w.matchesMine}</span> : null}
        <span className="muted">{r.catalogueLabel} · {r.sampleTypeLabel} · {r.unitLabel}{r.description === null ? ` · ${w.hiddenDetail}` : ''}</span>
        <span className="muted">{w.deadline} {formatDateTime(r.deadline, lang, zone)} · {fill(w.responses, { n: r.responseCount })} · {fill(w.posted, { time: formatRelativeTime(r.createdAt, lang, now, zone) })}</span>
      </span>
      <span className={`trade-row__status trade-row__status--${r.status}`}>{r.statusLabel}</span>
    </li>
  );
}

export function SupplyRow({ s, children }: { s: SupplyListItem; children?: React.ReactNode }) {
  const w = useWords(tradeWords);
  const lang = useLang();
  const now = useNow();
  const zone = useTimeZone();
  const company = lang === 'en' && s.companyNameEn ? s.companyNameEn : s.companyName;
  return (
    <li className="trade-row" data-supply-id={s.id}>
      {s.imageUrl ? <img className="trade-row__image" src={s.imageUrl} alt="" width={72} height={72} loading="lazy" /> : <span className="trade-row__image trade-row__image--hidden" aria-hidden="true">?</span>}
      <span className="trade-row__body">
        <Link className="trade-row__title" to={`/supply/${s.id}`}>{s.description ?? `${s.catalogueLabel}${company ? ` · ${company}` : ''}`}</Link>
        <span className="muted">{s.catalogueLabel}{s.quantity !== null ? ` · ${s.quantity} ${s.unitLabel}` : ` · ${w.hiddenDetail}`}{company ? ` · ${company}` : ''}</span>
        <span className="muted">{fill(w.favourites, { n: s.favouriteCount })} · {fill(w.posted, { time: formatRelativeTime(s.createdAt, lang, now, zone) })}</span>
        {children}
      </span>
      <span className={`trade-row__status trade-row__status--s${s.status}`}>{s.statusLabel}</span>
    </li>
  );
}
