// The buyer's own custom requests under the form (GET /custom/myRequests): what they asked for, when,
// and where it stands, with the sellers' quotes (issue 17). Loaded only for a signed-in person; it never
// fails the page. The personal centre's /home/person/customRequests shows the same list for both kinds.
import type { ApiClient } from '../../api-client/client';
import type { CustomKind } from '../../domain/custom-request';
import type { CustomRequest } from '../../contracts/catalogue';
import type { CustomQuote } from '../../contracts/custom-quote';
import { QuoteStatus } from '../../domain/custom-quote';
import type { Page } from '../../contracts/common';
import { Codes } from '../../domain/codes';
import { byLang, formatDateTime, formatPrice, formatRelativeTime } from '../../domain/format';
import { hasVariants, srcSetOf, variantUrl } from '../../domain/image-variants';
import { useNow, useTimeZone } from '../../components/when';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { customWords } from './custom.words';
import { quoteWords } from './quote.words';

export async function loadMyRequests(api: ApiClient, kind: CustomKind, signedIn: boolean, signal: AbortSignal): Promise<CustomRequest[] | null> {
  if (!signedIn) return null;
  try {
    const e = await api.get<Page<CustomRequest>>('/custom/myRequests', { kind, pageNum: 1, pageSize: 20 }, { signal });
    return e.code === Codes.OK ? e.data.list : [];
  } catch {
    return [];
  }
}

export function MyRequests({ requests, showKind = false, heading = true }: { requests: CustomRequest[]; showKind?: boolean; heading?: boolean }) {
  const w = useWords(customWords);
  const lang = useLang();
  const now = useNow();
  const zone = useTimeZone();
  const q = useWords(quoteWords);
  const status = (s: number) => (s === 1 ? w.status1 : s === 2 ? w.status2 : w.status0);
  return (
    <section className="my-requests" aria-label={w.myRequests}>
      {heading ? <h2 className="section-title">{w.myRequests}</h2> : null}
      {requests.length === 0 ? <p className="muted">{w.noRequests}</p> : (
        <ul className="my-requests__list">
          {requests.map((r) => (
            <li key={r.id} className="my-requests__item" data-request-id={r.id}>
              {r.imageUrls.length > 0 ? (
                <span className="my-requests__images">{r.imageUrls.slice(0, 3).map((u) => <img key={u} src={hasVariants(u) ? variantUrl(u, 240, 'jpeg') : u} srcSet={hasVariants(u) ? srcSetOf(u, 'jpeg', [240, 480]) : undefined} sizes="56px" alt="" width={56} height={56} loading="lazy" />)}</span>
              ) : null}
              <span className="my-requests__body">
                <span className="my-requests__summary">{showKind ? `${r.kind === 'garment' ? q.kindGarment : q.kindPattern} · ` : ''}{customSummary(r, w)}</span>
                {r.fields.remark ? <span className="my-requests__remark">{String(r.fields.remark)}</span> : null}
                <span className="muted">{fill(w.submittedAt, { time: formatRelativeTime(r.createdAt, lang, now, zone) })}</span>
              </span>
              <span className={`my-requests__status my-requests__status--${r.status}`}>{status(r.status)}</span>
              <RequestQuotes quotes={r.quotes ?? []} openUntil={r.openUntil} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The sellers' answers to one request: each company's price and lead time, or its decline. */
function RequestQuotes({ quotes, openUntil }: { quotes: CustomQuote[]; openUntil: string }) {
  const q = useWords(quoteWords);
  const lang = useLang();
  const zone = useTimeZone();
  if (quotes.length === 0) return <p className="my-requests__quotes muted">{fill(q.noQuotes, { date: formatDateTime(openUntil, lang, zone) })}</p>;
  return (
    <div className="my-requests__quotes">
      <p className="my-requests__quotes-title">{fill(q.quotes, { n: String(quotes.filter((x) => x.status === QuoteStatus.QUOTED).length) })}</p>
      <ul>
        {quotes.map((x) => (
          <li key={x.id} className={`quote quote--${x.status}`} data-quote-company={x.companyId}>
            <strong>{byLang(lang, x.companyName, x.companyNameEn)}</strong>{' '}
            <span>{x.status === QuoteStatus.QUOTED ? fill(q.quoteLine, { price: formatPrice(x.price, lang), days: String(x.leadDays ?? '') }) : q.declinedLine}</span>
            {x.note ? <span className="muted"> · {x.note}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One line of what was asked: size and quantity of a pattern, the fields of a garment. */
export function customSummary(r: Pick<CustomRequest, 'kind' | 'fields'>, w: ReturnType<typeof useWords<typeof customWords>>): string {
  const f = r.fields;
  if (r.kind === 'pattern') {
    return [fill(w.sizeValue, { w: String(f.widthCm ?? ''), h: String(f.heightCm ?? '') }), f.quantity !== undefined ? fill(w.pieces, { n: String(f.quantity) }) : ''].filter(Boolean).join(' · ');
  }
  return [f.fabricCoding, f.colour, f.occasion, f.style, f.ageMin !== undefined ? fill(w.ageValue, { min: String(f.ageMin), max: String(f.ageMax ?? '') }) : '', f.quantity !== undefined && f.quantity !== '' ? fill(w.pieces, { n: String(f.quantity) }) : '']
    .filter((x) => x !== undefined && x !== '')
    .map(String)
    .join(' · ');
}
