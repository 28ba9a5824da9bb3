// The enquiry inbox (询盘), one page module on two paths: /home/shopManage/enquiry (what buyers asked the
// seller's shop) and /home/person/enquiry (what the person asked, "sent", and what others asked about
// their own requests or offers, "received"). Filters (what it is about, answered or not, new messages,
// keyword, one asker) and paging travel in the address; `?id=` opens a thread beside the list (marking it
// read), with the reply form and, for the party asked, who asked (/enquiry/askUser).
import { useState, type FormEvent, type ReactNode } from 'react';
import { useStableId } from '../../components/use-stable-id';
import { Form, useLoaderData, useLocation, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { Page } from '../../contracts/common';
import type { EnquiryAsker, EnquiryBox, EnquiryItem, EnquiryListQuery, EnquiryState, EnquiryThread } from '../../contracts/enquiry';
import { EnquiryLimits, enquiryTargetKinds, enquiryTargetLabels, isEnquiryText } from '../../domain/enquiry';
import { EnquiryCodes } from '../../domain/enquiry-codes';
import { enquiryCodeMessages } from '../../domain/enquiry-messages';
import { Codes } from '../../domain/codes';
import { Limits } from '../../domain/limits';
import { byLang, formatDateTime, formatRelativeTime } from '../../domain/format';
import { unwrap } from '../../api-client/results';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { useNow, useTimeZone } from '../../components/when';
import { SubmitButton } from '../../components/form-field';
import { fill, useWords } from '../../components/use-words';
import { Pager, pageCount } from '../catalogue/pager';
import { PersonTitle } from '../person/person-title';
import { ShopManageFrame } from '../shop-manage/shop-nav';
import { enquiryWords } from './enquiry.words';
import { loadEnquiryUnread } from './enquiry-unread';

const states: EnquiryState[] = ['unanswered', 'answered', 'unread'];
const int = (s: string | null, max: number): number | undefined => {
  const n = Number(s);
  return s && Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, stores } = loaderDeps(context);
  const url = new URL(request.url);
  const p = url.searchParams;
  const shop = url.pathname.startsWith('/home/shopManage');
  const box: EnquiryBox = shop || p.get('box') === 'received' ? 'received' : 'sent';
  const state = states.find((s) => s === p.get('state'));
  const keyword = (p.get('keyword') ?? '').trim().slice(0, EnquiryLimits.keywordMax);
  const query: EnquiryListQuery = {
    box, pageNum: int(p.get('page'), 1_000_000) ?? 1, pageSize: Limits.pageSize,
    ...(int(p.get('kind'), 3) ? { kind: int(p.get('kind'), 3) } : {}), ...(state ? { state } : {}), ...(keyword ? { keyword } : {}),
    ...(int(p.get('asker'), 2_147_483_647) ? { askerId: int(p.get('asker'), 2_147_483_647) } : {}),
  };
  const signal = request.signal;
  const id = int(p.get('id'), 2_147_483_647);
  // The thread first: opening it marks it read, which the list then shows.
  let thread: EnquiryThread | null = null;
  let threadError: string | null = null;
  let asker: EnquiryAsker | null = null;
  if (id) {
    const e = await api.post<EnquiryThread>('/enquiry/thread', { id }, { signal });
    if (e.code === Codes.OK) thread = e.data;
    else if (e.code === Codes.SESSION_EXPIRED) unwrap(e);
    else threadError = e.message;
    if (thread?.enquiry.side === 'seller') {
      const a = await api.get<EnquiryAsker>('/enquiry/askUser', { userId: thread.enquiry.askerId }, { signal });
      if (a.code === Codes.OK) asker = a.data;
    }
  }
  // The menus' badge, read after the thread was marked read (enquiry-unread.ts).
  const [listed] = await Promise.all([api.post<Page<EnquiryItem>>('/enquiry/list', query, { signal }), loadEnquiryUnread(api, stores, signal)]);
  const page = unwrap(listed);
  return { shop, box, query, page, thread, threadError, asker };
}

export function Component() {
  const { shop, box, query, page, thread, threadError, asker } = useLoaderData<typeof loader>();
  const w = useWords(enquiryWords);
  const lang = useLang();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const href = (change: Record<string, string | number | null>) => {
    const q = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) if (v === null || v === '') q.delete(k); else q.set(k, String(v));
    const s = q.toString();
    return `${pathname}${s ? `?${s}` : ''}`;
  };
  const filtered = query.kind !== undefined || query.state !== undefined || query.keyword !== undefined || query.askerId !== undefined;
  const body = (
    <>
      <p className="muted">{shop ? w.shopIntro : w.personIntro}</p>
      {!shop ? (
        <nav className="tabs" aria-label={w.personTitle}>
          {(['sent', 'received'] as const).map((b) => (
            <Link key={b} to={b === 'sent' ? pathname : `${pathname}?box=received`} className={`tabs__tab${b === box ? ' is-active' : ''}`} aria-current={b === box ? 'page' : undefined} data-box={b}>{w[b]}</Link>
          ))}
        </nav>
      ) : null}
      <Form method="get" action={pathname} className="enquiry-filters" role="search">
        {!shop && box === 'received' ? <input type="hidden" name="box" value="received" /> : null}
        {query.askerId ? <input type="hidden" name="asker" value={query.askerId} /> : null}
        <label className="field"><span className="field__label">{w.kind}</span>
          <select className="field__input" name="kind" defaultValue={query.kind ?? ''}>
            <option value="">{w.all}</option>
            {enquiryTargetKinds.map((k) => <option key={k} value={k}>{enquiryTargetLabels[k][lang]}</option>)}
          </select>
        </label>
        <label className="field"><span className="field__label">{w.state}</span>
          <select className="field__input" name="state" defaultValue={query.state ?? ''}>
            <option value="">{w.all}</option>
            {states.map((s) => <option key={s} value={s}>{w[s]}</option>)}
          </select>
        </label>
        <label className="field enquiry-filters__keyword"><span className="field__label">{w.keyword}</span>
          <input className="field__input" name="keyword" type="search" defaultValue={query.keyword ?? ''} maxLength={EnquiryLimits.keywordMax} placeholder={w.keywordHint} />
        </label>
        <p className="enquiry-filters__actions">
          <button type="submit" className="button button--primary">{w.filter}</button>
          {filtered ? <Link className="link-button" to={!shop && box === 'received' ? `${pathname}?box=received` : pathname}>{w.clear}</Link> : null}
        </p>
      </Form>
      <p className="muted" data-total={page.total}>{fill(w.total, { n: page.total })}</p>
      <div className={`enquiry-layout${thread || threadError ? ' enquiry-layout--thread' : ''}`}>
        {thread ? <ThreadView key={thread.enquiry.id} thread={thread} asker={asker} closeHref={href({ id: null })} askerHref={(id) => href({ asker: id, id: null, page: null })} /> : null}
        {threadError ? <p className="notice enquiry-thread" role="alert">{threadError}</p> : null}
        <div className="enquiry-layout__list">
          {page.list.length === 0 ? <p className="empty">{!shop && box === 'sent' && !filtered ? w.emptySent : w.empty}</p> : (
            <ul className="record-list enquiry-list">
              {page.list.map((e) => <Row key={e.id} item={e} open={thread?.enquiry.id === e.id} href={href({ id: e.id })} />)}
            </ul>
          )}
          <Pager page={page.pageNum} pages={pageCount(page.total, page.pageSize)} href={(n) => href({ page: n > 1 ? n : null, id: null })} />
        </div>
      </div>
    </>
  );
  if (shop) return <ShopManageFrame title={w.shopTitle}>{body}</ShopManageFrame>;
  return (
    <section className="panel">
      <div className="panel__head"><PersonTitle title={w.personTitle} /></div>
      {body}
    </section>
  );
}

/** Who the other party is, as this side names them. */
function counterpart(e: EnquiryItem, w: ReturnType<typeof useWords<typeof enquiryWords>>): string {
  return e.side === 'seller' ? fill(w.from, { name: e.askerCompany || e.askerName }) : fill(w.to, { name: e.sellerName || w.theBuyer });
}

function Row({ item: e, open, href }: { item: EnquiryItem; open: boolean; href: string }) {
  const w = useWords(enquiryWords);
  const lang = useLang();
  const now = useNow();
  const zone = useTimeZone();
  return (
    <li className={`record enquiry-row${open ? ' is-open' : ''}${e.unread ? ' is-unread' : ''}`} data-enquiry={e.id}>
      <div className="record__main">
        <p>
          <span className="status-pill">{e.kindLabel}</span>{' '}
          {e.unread ? <span className="status-pill status-pill--2" data-unread>{w.isNew}</span> : null}{' '}
          <Link to={e.targetPath}>{e.subject}</Link>
        </p>
        <p className="enquiry-row__text">{e.text}</p>
        <p className="muted">
          {counterpart(e, w)} · {formatRelativeTime(e.lastAt, lang, now, zone)} · {e.answered ? w.answered : w.unanswered}{e.replyCount ? ` · ${fill(w.replies, { n: e.replyCount })}` : ''}
        </p>
      </div>
      <div className="record__actions">
        <Link className="button button--small" to={href} aria-current={open ? 'true' : undefined}>{w.open}</Link>
      </div>
    </li>
  );
}

function Bubble({ mine, who, at, children }: { mine: boolean; who: string; at: string; children: ReactNode }) {
  const lang = useLang();
  const zone = useTimeZone();
  return (
    <li className={`enquiry-bubble${mine ? ' enquiry-bubble--mine' : ''}`}>
      <p className="enquiry-bubble__who">{who} · <time dateTime={at}>{formatDateTime(at, lang, zone)}</time></p>
      <p className="enquiry-bubble__text">{children}</p>
    </li>
  );
}

function ThreadView({ thread, asker, closeHref, askerHref }: { thread: EnquiryThread; asker: EnquiryAsker | null; closeHref: string; askerHref(id: number): string }) {
  const w = useWords(enquiryWords);
  const e = thread.enquiry;
  const askerName = e.askerCompany || e.askerName;
  const sellerName = e.sellerName || w.theBuyer;
  return (
    <section className="panel enquiry-thread" aria-labelledby="enquiry-thread-title" data-thread={e.id}>
      <div className="enquiry-thread__head">
        <h2 id="enquiry-thread-title" className="section-title"><span className="status-pill">{e.kindLabel}</span> <Link to={e.targetPath}>{e.subject}</Link></h2>
        <Link className="link-button" to={closeHref}>{w.close}</Link>
      </div>
      {asker ? <AskerCard asker={asker} href={askerHref(asker.id)} /> : null}
      <ol className="enquiry-messages">
        <Bubble mine={e.side === 'asker'} who={e.side === 'asker' ? w.me : askerName} at={e.createdAt}>{e.text}</Bubble>
        {thread.replies.map((r) => (
          <Bubble key={r.id} mine={r.mine} who={r.mine ? w.me : r.side === 'asker' ? askerName : sellerName} at={r.createdAt}>{r.text}</Bubble>
        ))}
      </ol>
      <ReplyForm id={e.id} />
    </section>
  );
}

function AskerCard({ asker, href }: { asker: EnquiryAsker; href: string }) {
  const w = useWords(enquiryWords);
  const lang = useLang();
  const zone = useTimeZone();
  const company = asker.companyId ? byLang(lang, asker.companyName, asker.companyNameEn) : '';
  return (
    <div className="enquiry-asker" data-asker={asker.id}>
      <h3 className="enquiry-asker__title">{w.askerInfo}</h3>
      <dl className="trade-facts">
        <div><dt>{w.nickname}</dt><dd>{asker.nickname}</dd></div>
        <div><dt>{w.userType}</dt><dd>{asker.userTypeLabel}</dd></div>
        <div><dt>{w.company}</dt><dd>{asker.companyId ? <Link to={`/company/${asker.companyId}`}>{company}</Link> : w.noCompany}</dd></div>
        <div><dt>{w.mobile}</dt><dd>{asker.mobile}</dd></div>
        <div><dt>{w.enquiryCount}</dt><dd>{asker.enquiries}</dd></div>
        <div><dt>{w.firstAsked}</dt><dd>{formatDateTime(asker.firstAskedAt, lang, zone)}</dd></div>
      </dl>
      {asker.enquiries > 1 ? <p><Link to={href}>{w.allFromAsker}</Link></p> : null}
    </div>
  );
}

function ReplyForm({ id }: { id: number }) {
  const w = useWords(enquiryWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const fieldId = useStableId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isEnquiryText(text)) { setError(enquiryCodeMessages[EnquiryCodes.ENQUIRY_TEXT][lang]); return; }
    setError('');
    setBusy(true);
    const envelope = await run((api) => api.post<EnquiryThread>('/enquiry/reply', { id, text }));
    if (envelope?.code === Codes.OK) {
      setText('');
      await revalidator.revalidate();
    } else if (envelope) setError(envelope.message);
    setBusy(false);
  }

  return (
    <form className="enquiry-reply" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={fieldId}>{w.replyLabel}</label>
        <textarea id={fieldId} name="reply" className="field__input field__textarea" value={text} maxLength={EnquiryLimits.textMax} onChange={(e) => { setText(e.target.value); setError(''); }}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`} />
        {error ? <p className="field__error" id={`${fieldId}-error`}>{error}</p> : <p className="field__hint" id={`${fieldId}-hint`}>{fill(w.chars, { n: [...text].length, max: EnquiryLimits.textMax })}</p>}
      </div>
      <p><SubmitButton busy={busy} busyLabel={w.sending}>{w.reply}</SubmitButton></p>
    </form>
  );
}
