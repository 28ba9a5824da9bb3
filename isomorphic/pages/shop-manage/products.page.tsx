// /home/shopManage/products: the seller's own products (/shopProduct/list) filtered by status, with the
// count of each status; a product taken down by the platform says why. Each row edits or puts the
// product on or off sale (/shopProduct/setOnSale).
import { useState } from 'react';
import { useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { SellerProduct, SellerProductPage } from '../../contracts/catalogue-seller';
import type { SellerStatusFilter } from '../../domain/catalogue-seller';
import { ProductStatus, unitLabels } from '../../domain/catalogue';
import { byLang, formatPrice } from '../../domain/format';
import { unwrap } from '../../api-client/results';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { ShopManageFrame } from './shop-nav';
import { productsWords } from './products.words';
import { SimilarNotice } from './similar-notice';

const PAGE_SIZE = 20;
const filters: SellerStatusFilter[] = ['', 'onSale', 'offSale', 'takenDown'];
const statusOf = (s: string | null): SellerStatusFilter => (filters.includes(s as SellerStatusFilter) ? s as SellerStatusFilter : '');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get('status'));
  const pageNum = Math.max(1, Math.min(10_000, Number(url.searchParams.get('page')) || 1));
  const page = unwrap(await api.post<SellerProductPage>('/shopProduct/list', { pageNum, pageSize: PAGE_SIZE, status }, { signal: request.signal }));
  return { page, status };
}

export function Component() {
  const { page, status } = useLoaderData<typeof loader>();
  const w = useWords(productsWords);
  const [, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  const count = { '': page.counts.all, onSale: page.counts.onSale, offSale: page.counts.offSale, takenDown: page.counts.takenDown };
  const label = { '': w.all, onSale: w.onSale, offSale: w.offSale, takenDown: w.takenDown };
  const go = (next: { status?: SellerStatusFilter; page?: number }) => {
    const p = new URLSearchParams();
    const s = next.status ?? status;
    if (s) p.set('status', s);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };

  return (
    <ShopManageFrame title={w.title} actions={<Link className="button button--primary" to="/home/shopManage/products/edit">{w.newProduct}</Link>}>
      <div className="tabs" role="tablist" aria-label={w.status}>
        {filters.map((f) => (
          <button key={f || 'all'} type="button" role="tab" aria-selected={f === status} className={`tabs__tab${f === status ? ' is-active' : ''}`} data-status={f || 'all'} onClick={() => go({ status: f, page: 1 })}>
            {label[f]} <span className="tabs__count">{count[f]}</span>
          </button>
        ))}
      </div>
      {page.list.length === 0 ? <p className="empty">{page.counts.all === 0 ? w.empty : w.emptyFilter}</p> : (
        <ul className="record-list">
          {page.list.map((p) => <ProductRow key={p.id} product={p} />)}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="record__actions" aria-label={fill(w.pageOf, { page: page.pageNum, pages })}>
          <button type="button" className="button" disabled={page.pageNum <= 1} onClick={() => go({ page: page.pageNum - 1 })}>{w.prev}</button>
          <span className="muted">{fill(w.pageOf, { page: page.pageNum, pages })}</span>
          <button type="button" className="button" disabled={page.pageNum >= pages} onClick={() => go({ page: page.pageNum + 1 })}>{w.next}</button>
        </nav>
      ) : null}
    </ShopManageFrame>
  );
}

function ProductRow({ product: p }: { product: SellerProduct }) {
  const w = useWords(productsWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const unit = unitLabels[p.unit]?.[lang] ?? '';
  const statusLabel = p.status === ProductStatus.ON_SALE ? w.onSale : p.status === ProductStatus.TAKEN_DOWN ? w.takenDown : w.offSale;

  async function toggle() {
    setBusy(true);
    const envelope = await run((api) => api.post('/shopProduct/setOnSale', { id: p.id, onSale: p.status !== ProductStatus.ON_SALE }));
    if (envelope?.code === 0) await revalidator.revalidate();
    setBusy(false);
  }

  const plate = p.platePrice === null ? w.negotiable : `¥${formatPrice(p.platePrice, lang)}/${unit}`;
  const bulk = p.ladder.length === 0 ? w.negotiable : fill(w.bulkFrom, { price: `¥${formatPrice(p.ladder[p.ladder.length - 1].price, lang)}/${unit}` });
  return (
    <li className="record product-row" data-product-id={p.id}>
      {p.cover ? <img className="product-row__cover" src={p.cover.url} alt="" width={64} height={64} loading="lazy" /> : null}
      <div className="record__main">
        <p><strong>{byLang(lang, p.title, p.titleEn)}</strong> <span className="muted">{p.code}</span></p>
        <p className="muted">
          <span className={`badge badge--status-${p.status}`} data-status={p.status}>{statusLabel}</span>
          {' · '}{w.platePrice} {plate}{' · '}{bulk}{' · '}{fill(w.colours, { count: p.colourCount })}
        </p>
        {p.photoSearch === 'notListed' ? null : <p className="muted" data-photo-search={p.photoSearch}>{p.photoSearch === 'searchable' ? `✓ ${w.searchable}` : w.indexing}</p>}
        <SimilarNotice similar={p.similarTo} />
        {p.status === ProductStatus.TAKEN_DOWN ? <p className="field__error">{fill(w.takenDownReason, { reason: p.takedownReason })}</p> : null}
      </div>
      <div className="record__actions">
        {p.status === ProductStatus.ON_SALE ? <Link className="link-button" to={`/flower/${p.id}`}>{w.view}</Link> : null}
        <Link className="link-button" to={`/home/shopManage/products/edit?id=${p.id}`}>{w.edit}</Link>
        {p.status === ProductStatus.TAKEN_DOWN ? null : (
          <button type="button" className="link-button" disabled={busy} aria-busy={busy || undefined} onClick={() => void toggle()}>
            {p.status === ProductStatus.ON_SALE ? w.takeOffSale : w.putOnSale}
          </button>
        )}
      </div>
    </li>
  );
}

