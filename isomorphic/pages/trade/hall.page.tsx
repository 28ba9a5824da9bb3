// /supplyAndBuy: the hall (SPEC §2): purchase requests in purchase, or supply offers in supply, by
// pattern type, paged with links; server-rendered and crawlable (guests see the teasers only, SPEC §6).
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { Page } from '../../contracts/common';
import type { PurchaseListItem } from '../../contracts/purchase';
import type { SupplyListItem } from '../../contracts/supply';
import { PatternType, patternTypeLabels } from '../../domain/catalogue';
import { Limits } from '../../domain/limits';
import { unwrap } from '../../api-client/results';
import { loaderDeps } from '../../loader-context';
import { SeoHead } from '../../components/seo-head';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { Pager, pageCount } from '../catalogue/pager';
import { tradeWords } from './trade.words';
import { codeParam, PurchaseRow, SupplyRow } from './trade-parts';
import { pageParam } from '../catalogue/pager';

type Loaded = { publicUrl: string; catalogue?: number } & ({ tab: 'buy'; page: Page<PurchaseListItem> } | { tab: 'supply'; page: Page<SupplyListItem> });

export async function loader({ request, context }: LoaderFunctionArgs): Promise<Loaded> {
  const { api, publicUrl } = loaderDeps(context);
  const url = new URL(request.url);
  const catalogue = codeParam(url, 'catalogue');
  const body = { pageNum: pageParam(url), pageSize: Limits.pageSize, ...(catalogue ? { catalogue } : {}) };
  if (url.searchParams.get('tab') === 'supply') {
    return { publicUrl, catalogue, tab: 'supply', page: unwrap(await api.post<Page<SupplyListItem>>('/companySupply/listSupplys', body, { signal: request.signal })) };
  }
  return { publicUrl, catalogue, tab: 'buy', page: unwrap(await api.post<Page<PurchaseListItem>>('/buyTask/listBuyTask', body, { signal: request.signal })) };
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const w = useWords(tradeWords);
  const lang = useLang();
  const query = (over: { tab?: string; catalogue?: number; page?: number }) => {
    const q = new URLSearchParams();
    const tab = over.tab ?? loaded.tab;
    if (tab === 'supply') q.set('tab', 'supply');
    const c = 'catalogue' in over ? over.catalogue : loaded.catalogue;
    if (c) q.set('catalogue', String(c));
    if (over.page && over.page > 1) q.set('page', String(over.page));
    const s = q.toString();
    return s ? `/supplyAndBuy?${s}` : '/supplyAndBuy';
  };
  const pages = pageCount(loaded.page.total, loaded.page.pageSize);
  return (
    <>
      <SeoHead title={w.hallTitle} description={w.hallIntro} publicUrl={loaded.publicUrl} path={query({ page: loaded.page.pageNum })} />
      <div className="trade">
        <header className="hero">
          <h1 className="hero__title">{w.hallTitle}</h1>
          <p className="hero__subtitle">{w.hallIntro}</p>
        </header>
        <p className="trade__actions">
          <Link className="button button--primary" to="/buy/release">{w.postBuy}</Link>
          <Link className="button" to="/supply/release">{w.postSupply}</Link>
        </p>
        <nav className="tabs" aria-label={w.hallTitle}>
          <Link className={`tabs__tab${loaded.tab === 'buy' ? ' is-active' : ''}`} aria-current={loaded.tab === 'buy' ? 'page' : undefined} to={query({ tab: 'buy', page: 1 })}>{w.tabBuy}</Link>
          <Link className={`tabs__tab${loaded.tab === 'supply' ? ' is-active' : ''}`} aria-current={loaded.tab === 'supply' ? 'page' : undefined} to={query({ tab: 'supply', page: 1 })}>{w.tabSupply}</Link>
        </nav>
        <ul className="chips trade__filters" aria-label={w.catalogue}>
          <li><Link className={`chip${loaded.catalogue ? '' : ' is-active'}`} to={query({ catalogue: undefined, page: 1 })}>{w.allTypes}</Link></li>
          {Object.values(PatternType).map((c) => (
            <li key={c}><Link className={`chip${loaded.catalogue === c ? ' is-active' : ''}`} to={query({ catalogue: c, page: 1 })}>{patternTypeLabels[c][lang]}</Link></li>
          ))}
        </ul>
        {loaded.page.list.length === 0 ? <p className="empty">{loaded.tab === 'buy' ? w.noneBuy : w.noneSupply}</p> : (
          <ul className="trade-list">
            {loaded.tab === 'buy' ? loaded.page.list.map((r) => <PurchaseRow key={r.id} r={r} />) : loaded.page.list.map((s) => <SupplyRow key={s.id} s={s} />)}
          </ul>
        )}
        <Pager page={loaded.page.pageNum} pages={pages} href={(p) => query({ page: p })} />
      </div>
    </>
  );
}
