// /platform/products: the operator's product desk. Every company's products, searched by title, pattern
// code or company name and filtered by status (/platform/product/list); each row takes the product down
// with a reason its seller sees, or restores one the platform took down (/platform/product/takeDown).
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PlatformProduct } from '../../contracts/catalogue-seller';
import type { Page } from '../../contracts/common';
import { unwrap } from '../../api-client/results';
import { ProductStatus } from '../../domain/catalogue';
import { CatalogueSellerLimits, sellerStatusLabels, type SellerStatusFilter } from '../../domain/catalogue-seller';
import { byLang } from '../../domain/format';
import { loaderDeps } from '../../loader-context';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { platformWords } from './platform.words';
import { catalogueDeskWords } from './catalogue-desk.words';
import { useDecision } from './console-parts';
import { ProductCell } from './product-cell';
import { Pager } from '../catalogue/pager';

const PAGE_SIZE = 20;
const filters: Array<Exclude<SellerStatusFilter, ''>> = ['onSale', 'offSale', 'takenDown'];
const filterStatus = { onSale: ProductStatus.ON_SALE, offSale: ProductStatus.REMOVED, takenDown: ProductStatus.TAKEN_DOWN } as const;
const reasonRule = { min: CatalogueSellerLimits.reasonMin, max: CatalogueSellerLimits.reasonMax };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const raw = url.searchParams.get('status') ?? '';
  const status = (filters as string[]).includes(raw) ? raw as Exclude<SellerStatusFilter, ''> : '';
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, 40);
  const pageNum = Math.min(1000, Math.max(1, Number(url.searchParams.get('page')) || 1));
  const page = unwrap(await api.post<Page<PlatformProduct>>('/platform/product/list', { keyword: keyword || undefined, status: status || undefined, pageNum, pageSize: PAGE_SIZE }, { signal: request.signal }));
  return { page, status, keyword };
}

export function Component() {
  const { page, status, keyword } = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  const d = useWords(catalogueDeskWords);
  const lang = useLang();
  const query = (n: number) => `/platform/products?${new URLSearchParams({ ...(keyword ? { keyword } : {}), ...(status ? { status } : {}), page: String(n) }).toString()}`;
  const pages = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  return (
    <section className="panel" aria-label={w.products}>
      <Form className="console-form" method="get" action="/platform/products">
        <label>{d.keyword}<br /><input name="keyword" defaultValue={keyword} maxLength={40} /></label>
        <label>{w.status}<br />
          <select name="status" defaultValue={status}>
            <option value="">{w.all}</option>
            {filters.map((f) => <option key={f} value={f}>{sellerStatusLabels[filterStatus[f]][lang]}</option>)}
          </select>
        </label>
        <button type="submit" className="button">{w.search}</button>
      </Form>
      {page.list.length === 0 ? <p className="muted">{w.empty}</p> : (
        <table className="console-table" data-products={page.total}>
          <thead><tr><th>ID</th><th>{d.product}</th><th>{w.company}</th><th>{w.status}</th><th>{w.action}</th></tr></thead>
          <tbody>{page.list.map((p) => <ProductRow key={p.id} product={p} />)}</tbody>
        </table>
      )}
      <p className="muted">{fill(d.pageOf, { page: page.pageNum, total: page.total })}</p>
      <Pager page={page.pageNum} pages={pages} href={query} />
    </section>
  );
}

function ProductRow({ product: p }: { product: PlatformProduct }) {
  const w = useWords(platformWords);
  const d = useWords(catalogueDeskWords);
  const lang = useLang();
  const { reason, setReason, error, busy, decide } = useDecision(reasonRule, catalogueDeskWords.reasonRule);
  const down = p.status === ProductStatus.TAKEN_DOWN;
  async function act() {
    await decide((api, note) => api.post('/platform/product/takeDown', down ? { id: p.id, restore: true } : { id: p.id, reason: note }), { needsReason: !down });
  }
  return (
    <tr data-product={p.id}>
      <td>{p.id}</td>
      <td><ProductCell product={p} /></td>
      <td>{byLang(lang, p.companyName, p.companyNameEn)}</td>
      <td>{sellerStatusLabels[p.status]?.[lang]}{down && p.takedownReason ? <><br /><span className="muted">{fill(d.takenDownBecause, { reason: p.takedownReason })}</span></> : null}</td>
      <td>
        <div className="console-form">
          {down ? null : <input aria-label={w.reason} placeholder={w.reason} value={reason} maxLength={reasonRule.max} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} />}
          <button type="button" className="button" disabled={busy} onClick={() => void act()}>{down ? d.restore : d.takeDown}</button>
          {error ? <span className="field__error" role="alert">{error}</span> : null}
        </div>
      </td>
    </tr>
  );
}
