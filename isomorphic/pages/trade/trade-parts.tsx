// Pieces the trade pages share: reading filters from the URL, one row of a purchase request or a supply
// offer in a list (the teaser, with the details when the api gave them), and the main panel of either's page.
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import type { PurchaseListItem, Refusal } from '../../contracts/purchase';
import { loginPath } from '../../data-strategy';
import { useStores } from '../../stores/root.store';
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

export interface TradeDetailFrameProps {
  /** `data-request` or `data-supply`, with the id */
  data: { 'data-request': number } | { 'data-supply': number };
  hall: { href: string; label: string };
  crumb: string;
  image: { url: string; alt: string } | null;
  title: string;
  /** the facts' `<div><dt/><dd/></div>` rows */
  facts: ReactNode;
  /** why the details are not shown to this visitor (SPEC §6), with a sign-in link for a guest */
  hidden: Refusal | null;
  /** the actions under the facts */
  children?: ReactNode;
  /** sections after the main panel */
  after?: ReactNode;
}

/** The main panel of a purchase request's or a supply offer's page. */
export const TradeDetailFrame = observer(function TradeDetailFrame(p: TradeDetailFrameProps) {
  const w = useWords(tradeWords);
  const { auth } = useStores();
  const location = useLocation();
  return (
    <div className="trade trade-detail" {...p.data}>
      <p className="muted"><Link to={p.hall.href}>{p.hall.label}</Link> › {p.crumb}</p>
      <section className="panel trade-detail__main">
        {p.image ? <img className="trade-detail__image" src={p.image.url} alt={p.image.alt} width={240} height={240} /> : null}
        <div>
          <h1 className="trade-detail__title">{p.title}</h1>
          <dl className="trade-facts">{p.facts}</dl>
          {p.hidden ? (
            <p className="notice trade-detail__hidden" role="note" data-hidden={p.hidden.code}>
              {p.hidden.message} {!auth.isAuthenticated ? <Link className="button button--small" to={loginPath(location)}>{w.signIn}</Link> : null}
            </p>
          ) : null}
          {p.children}
        </div>
      </section>
      {p.after}
    </div>
  );
});
