// /platform/copies: pattern-copy detection's pairs (/platform/copyFlag/list): two companies' products whose
// pictures photo search finds nearly the same, the one saved later first, both pictures, companies and
// links; the operator dismisses a pair or takes the later product down, with a reason
// (/platform/copyFlag/decide). Filtered by open, dismissed and taken down.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { CopyFlag } from '../../contracts/catalogue-seller';
import type { Page } from '../../contracts/common';
import { unwrap } from '../../api-client/results';
import { CatalogueSellerLimits, CopyFlagStatus, type CopyFlagFilter } from '../../domain/catalogue-seller';
import { byLang, formatDateTime } from '../../domain/format';
import { loaderDeps } from '../../loader-context';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { platformWords } from './platform.words';
import { catalogueDeskWords } from './catalogue-desk.words';
import { useDecision } from './console-parts';
import { ProductCell } from './product-cell';
import { Pager } from '../catalogue/pager';

const PAGE_SIZE = 20;
const filters: CopyFlagFilter[] = ['open', 'dismissed', 'takenDown'];
const reasonRule = { min: CatalogueSellerLimits.reasonMin, max: CatalogueSellerLimits.reasonMax };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const raw = url.searchParams.get('status') ?? '';
  const status: CopyFlagFilter = (filters as string[]).includes(raw) ? raw as CopyFlagFilter : 'open';
  const pageNum = Math.min(1000, Math.max(1, Number(url.searchParams.get('page')) || 1));
  const page = unwrap(await api.post<Page<CopyFlag>>('/platform/copyFlag/list', { status, pageNum, pageSize: PAGE_SIZE }, { signal: request.signal }));
  return { page, status };
}

export function Component() {
  const { page, status } = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  const d = useWords(catalogueDeskWords);
  const pages = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  const query = (n: number) => `/platform/copies?status=${status}&page=${n}`;
  return (
    <section className="panel" aria-label={w.copies}>
      <p className="muted">{d.copiesHint}</p>
      <div className="console-form" role="group" aria-label={w.status}>
        {filters.map((f) => <Link key={f} to={`/platform/copies?status=${f}`} className={`console__tab${f === status ? ' is-active' : ''}`}>{d[f]}</Link>)}
      </div>
      {page.list.length === 0 ? <p className="muted">{w.empty}</p> : (
        <table className="console-table" data-copies={page.total}>
          <thead><tr><th>{d.later}</th><th>{d.earlier}</th><th>{w.action}</th></tr></thead>
          <tbody>{page.list.map((f) => <CopyRow key={f.id} flag={f} />)}</tbody>
        </table>
      )}
      <p className="muted">{fill(d.pageOf, { page: page.pageNum, total: page.total })}</p>
      <Pager page={page.pageNum} pages={pages} href={query} />
    </section>
  );
}

function CopyRow({ flag: f }: { flag: CopyFlag }) {
  const w = useWords(platformWords);
  const d = useWords(catalogueDeskWords);
  const lang = useLang();
  const { reason, setReason, error, busy, decide } = useDecision(reasonRule, catalogueDeskWords.reasonRule);
  const act = (action: 'dismiss' | 'takeDown') => void decide((api, note) => api.post('/platform/copyFlag/decide', { id: f.id, action, reason: note }), { needsReason: true });
  return (
    <tr data-copy-flag={f.id}>
      <td><ProductCell product={f.product} /><span className="muted">{byLang(lang, f.product.companyName, f.product.companyNameEn)}</span></td>
      <td><ProductCell product={f.other} /><span className="muted">{byLang(lang, f.other.companyName, f.other.companyNameEn)}</span></td>
      <td>
        <p><strong>{fill(d.similarity, { value: f.similarity.toFixed(3) })}</strong><br /><span className="muted">{fill(d.flaggedAt, { time: formatDateTime(f.createdAt, lang) })}</span></p>
        {f.status === CopyFlagStatus.OPEN ? (
          <div className="console-form">
            <input aria-label={w.reason} placeholder={w.reason} value={reason} maxLength={reasonRule.max} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} />
            <button type="button" className="button" disabled={busy} onClick={() => act('dismiss')}>{d.dismiss}</button>
            <button type="button" className="button" disabled={busy} onClick={() => act('takeDown')}>{d.takeDownCopy}</button>
            {error ? <span className="field__error" role="alert">{error}</span> : null}
          </div>
        ) : <p className="muted">{fill(d.decision, { reason: f.reason })}</p>}
      </td>
    </tr>
  );
}
