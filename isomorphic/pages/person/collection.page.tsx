// /home/person/collectionStore and /home/person/collectionProduct: the shops a person follows and the
// patterns they collected, newest first, paged with links, each with a button to remove it.
import { useState } from 'react';
import { useLoaderData, useLocation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { observer } from 'mobx-react-lite';
import type { Page } from '../../contracts/common';
import type { FavouriteState, FollowedCompany, FollowedProduct } from '../../contracts/catalogue';
import { FavouriteType } from '../../domain/catalogue';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { formatRelativeTime } from '../../domain/format';
import { useNow, useTimeZone } from '../../components/when';
import { Limits } from '../../domain/limits';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { useApiAction } from '../../components/use-api-action';
import { CompanyCard } from '../../components/company-card';
import { ProductCard } from '../../components/product-card';
import { favouriteWords } from '../../components/favourite.words';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { galleryWords } from '../catalogue/catalogue.words';
import { Pager, pageCount } from '../catalogue/pager';
import { PersonTitle } from './person-title';

type Loaded =
  | { kind: 'store'; page: Page<FollowedCompany> }
  | { kind: 'product'; page: Page<FollowedProduct> };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<Loaded> {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const pageRaw = Number(url.searchParams.get('page'));
  const pageNum = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 100_000 ? pageRaw : 1;
  const body = { pageNum, pageSize: Limits.pageSize };
  if (url.pathname.replace(/\/+$/, '').endsWith('/collectionStore')) {
    return { kind: 'store', page: unwrap(await api.post<Page<FollowedCompany>>('/favorite/listCompany', body, { signal: request.signal })) };
  }
  return { kind: 'product', page: unwrap(await api.post<Page<FollowedProduct>>('/favorite/listProduct', body, { signal: request.signal })) };
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const w = useWords(favouriteWords);
  const g = useWords(galleryWords);
  const lang = useLang();
  const now = useNow();
  const zone = useTimeZone();
  const { pathname } = useLocation();
  const { page } = loaded;
  const pages = pageCount(page.total, page.pageSize);
  const href = (p: number) => (p > 1 ? `${pathname}?page=${p}` : pathname);
  const title = loaded.kind === 'store' ? w.storeTitle : w.productTitle;
  return (
    <section className="panel collection" aria-label={title}>
      <div className="panel__head"><PersonTitle title={title} /></div>
      {page.list.length === 0 ? (
        <p className="empty">
          {loaded.kind === 'store' ? w.storeEmpty : w.productEmpty} <Link to={loaded.kind === 'store' ? '/home/qualityFirm' : '/flower'}>{w.browse}</Link>
        </p>
      ) : loaded.kind === 'store' ? (
        <ul className="company-grid">
          {loaded.page.list.map((c) => (
            <CompanyCard key={c.id} company={c} countLabel={fill(g.productCount, { count: c.productCount })}>
              <Unfollow type={FavouriteType.COMPANY} targetId={c.id} followedAt={fill(w.followedAt, { time: formatRelativeTime(c.followedAt, lang, now, zone) })} />
            </CompanyCard>
          ))}
        </ul>
      ) : (
        <ul className="product-grid product-grid--narrow">
          {loaded.page.list.map((p) => (
            <li key={p.id} className="collection__item">
              <ul><ProductCard product={p} /></ul>
              <Unfollow type={FavouriteType.PRODUCT} targetId={p.id} followedAt={fill(w.followedAt, { time: formatRelativeTime(p.followedAt, lang, now, zone) })} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page.pageNum} pages={pages} href={href} />
    </section>
  );
}

const Unfollow = observer(function Unfollow({ type, targetId, followedAt }: { type: 1 | 2; targetId: number; followedAt: string }) {
  const w = useWords(favouriteWords);
  const { toasts } = useStores();
  const revalidator = useRevalidator();
  const run = useApiAction();
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      const e = await run((api) => api.post<FavouriteState>('/favorite/favoriteBus', { type, targetId, follow: false }), { quiet: true });
      if (e?.code === Codes.OK) {
        toasts.success(w.removed);
        await revalidator.revalidate();
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="collection__actions">
      <span className="muted">{followedAt}</span>
      <button type="button" className="button button--small" disabled={busy} onClick={() => void remove()} data-unfollow={targetId}>{w.unfollow}</button>
    </div>
  );
});
