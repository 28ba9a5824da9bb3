// /home/shopManage/customRequests: the custom requests that match the seller's shop (the kinds it has on
// sale; rules in isomorphic/domain/custom-quote.ts), newest first, each with the shop's answer: a quote
// (price for the quantity asked, lead time, note) or a decline, which can be changed while the request is
// open. The buyer is not named; they read the answer in their personal centre.
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { Page } from '../../contracts/common';
import type { SellerCustomRequest } from '../../contracts/custom-quote';
import { unwrap } from '../../api-client/results';
import { checkQuote, CustomQuoteCodes, customQuoteCodeMessages, CustomQuoteLimits, QuoteStatus } from '../../domain/custom-quote';
import { formatDateTime, formatPrice, formatRelativeTime } from '../../domain/format';
import { hasVariants, srcSetOf, variantUrl } from '../../domain/image-variants';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { useNow, useTimeZone } from '../../components/when';
import { fill, useWords } from '../../components/use-words';
import { SubmitButton, TextField } from '../../components/form-field';
import { Pager, pageCount, pageParam, usePageHref } from '../catalogue/pager';
import { ShopManageFrame } from '../shop-manage/shop-nav';
import { customWords } from './custom.words';
import { customSummary } from './my-requests';
import { quoteWords } from './quote.words';

const PAGE_SIZE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const pageNum = pageParam(new URL(request.url));
  return { page: unwrap(await api.get<Page<SellerCustomRequest>>('/custom/sellerRequests', { pageNum, pageSize: PAGE_SIZE }, { signal: request.signal })) };
}

export function Component() {
  const { page } = useLoaderData<typeof loader>();
  const w = useWords(quoteWords);
  const href = usePageHref('/home/shopManage/customRequests');
  return (
    <ShopManageFrame title={w.sellerTitle}>
      <p className="muted">{fill(w.sellerIntro, { days: String(CustomQuoteLimits.openDays) })}</p>
      {page.list.length === 0 ? <p className="empty">{w.noSellerRequests}</p> : (
        <ul className="record-list">
          {page.list.map((r) => <SellerRequest key={r.id} request={r} />)}
        </ul>
      )}
      <Pager page={page.pageNum} pages={pageCount(page.total, page.pageSize)} href={href} />
    </ShopManageFrame>
  );
}

function SellerRequest({ request: r }: { request: SellerCustomRequest }) {
  const w = useWords(quoteWords);
  const cw = useWords(customWords);
  const lang = useLang();
  const now = useNow();
  const zone = useTimeZone();
  const [editing, setEditing] = useState(false);
  const mine = r.myQuote;
  const answer = !mine ? w.notAnswered
    : mine.status === QuoteStatus.QUOTED ? fill(w.myQuote, { price: formatPrice(mine.price, lang), days: String(mine.leadDays ?? '') }) : w.myDecline;
  return (
    <li className="record seller-request" data-request-id={r.id}>
      {r.imageUrls.length > 0 ? (
        <span className="my-requests__images">{r.imageUrls.slice(0, 3).map((u) => <img key={u} src={hasVariants(u) ? variantUrl(u, 240, 'jpeg') : u} srcSet={hasVariants(u) ? srcSetOf(u, 'jpeg', [240, 480]) : undefined} sizes="56px" alt="" width={56} height={56} loading="lazy" />)}</span>
      ) : null}
      <div className="record__main">
        <p><strong>{r.kind === 'garment' ? w.kindGarment : w.kindPattern}</strong> · {customSummary(r, cw)}</p>
        {r.fields.remark ? <p>{String(r.fields.remark)}</p> : null}
        <p className="muted">
          {fill(w.sentAt, { time: formatRelativeTime(r.createdAt, lang, now, zone) })} · {r.open ? fill(w.openUntil, { date: formatDateTime(r.openUntil, lang, zone) }) : w.closed}
        </p>
        <p className="seller-request__answer" data-answer={mine ? mine.status : 0}>
          <span className={`status-pill${mine?.status === QuoteStatus.QUOTED ? ' status-pill--1' : ''}`}>{answer}</span>
          {mine?.note ? <span className="muted"> · {mine.note}</span> : null}
        </p>
      </div>
      {r.open && !editing ? (
        <div className="record__actions">
          <button type="button" className="button button--primary" onClick={() => setEditing(true)}>{mine ? w.edit : w.sendQuote}</button>
        </div>
      ) : null}
      {r.open && editing ? <QuoteForm request={r} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

/** Yuan as typed ("12", "12.5", "12.50") to cents; NaN when it is not such a number. */
const toCents = (s: string): number => (/^\d{1,8}(\.\d{1,2})?$/.test(s.trim()) ? Math.round(Number(s.trim()) * 100) : Number.NaN);

function QuoteForm({ request: r, onDone }: { request: SellerCustomRequest; onDone(): void }) {
  const w = useWords(quoteWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const mine = r.myQuote?.status === QuoteStatus.QUOTED ? r.myQuote : null;
  const [price, setPrice] = useState(mine?.price ? (mine.price / 100).toFixed(2) : '');
  const [leadDays, setLeadDays] = useState(mine?.leadDays ? String(mine.leadDays) : '');
  const [note, setNote] = useState(r.myQuote?.note ?? '');
  const [errors, setErrors] = useState<{ price?: string; leadDays?: string; note?: string }>({});
  const [busy, setBusy] = useState<'quote' | 'decline' | null>(null);

  async function send(decline: boolean) {
    const body = { requestId: r.id, decline, price: decline ? null : toCents(price), leadDays: decline ? null : Number(leadDays.trim() || Number.NaN), note };
    const code = checkQuote(body);
    const field = code === CustomQuoteCodes.CUSTOM_QUOTE_PRICE_INVALID ? 'price' : code === CustomQuoteCodes.CUSTOM_QUOTE_LEAD_INVALID ? 'leadDays' : 'note';
    if (code !== null) { setErrors({ [field]: customQuoteCodeMessages[code][lang] }); return; }
    setErrors({});
    setBusy(decline ? 'decline' : 'quote');
    const envelope = await run((api) => api.post<SellerCustomRequest>('/custom/quote', body));
    setBusy(null);
    if (envelope?.code === 0) {
      await revalidator.revalidate();
      onDone();
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void send(false);
  }

  return (
    <form className="seller-request__form" onSubmit={onSubmit} noValidate>
      <TextField label={w.price} value={price} onChange={setPrice} inputMode="decimal" error={errors.price} name="price" />
      <TextField label={w.leadDays} value={leadDays} onChange={setLeadDays} inputMode="numeric" error={errors.leadDays} name="leadDays" />
      <TextField label={w.note} value={note} onChange={setNote} error={errors.note} maxLength={CustomQuoteLimits.noteMax} className="field--note" name="note" />
      <div className="record__actions">
        <SubmitButton busy={busy === 'quote'} busyLabel={w.sending} disabled={busy !== null}>{r.myQuote?.status === QuoteStatus.QUOTED ? w.updateQuote : w.sendQuote}</SubmitButton>
        <button type="button" className="button" disabled={busy !== null} aria-busy={busy === 'decline' || undefined} onClick={() => void send(true)}>{w.decline}</button>
        <button type="button" className="link-button" onClick={onDone}>{w.cancel}</button>
      </div>
    </form>
  );
}
