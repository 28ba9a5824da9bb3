// The personal centre's purchase and supply pages (SPEC §2): myPurchase (the buyer's requests),
// myReceiving (the requests the seller's company responded to), mySupplies (the owner's offers with their
// counts and close, reopen, delete) and collectionSupply (followed offers). One page module; the path
// says which list.
import { observer } from 'mobx-react-lite';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { Page } from '../../contracts/common';
import type { PurchaseListItem } from '../../contracts/purchase';
import type { FollowedSupply, SupplyCounts, SupplyListItem } from '../../contracts/supply';
import { Limits } from '../../domain/limits';
import { unwrap } from '../../api-client/results';
import { loaderDeps } from '../../loader-context';
import { useReloadingAction } from '../../components/use-reloading-action';
import { fill, useWords } from '../../components/use-words';
import { Pager, pageCount, pageParam } from '../catalogue/pager';
import { PersonTitle } from '../person/person-title';
import { tradeWords } from './trade.words';
import { PurchaseRow, SupplyRow } from './trade-parts';

type Loaded =
  | { kind: 'myPurchase' | 'myReceiving'; page: Page<PurchaseListItem> }
  | { kind: 'mySupplies'; page: Page<SupplyListItem>; counts: SupplyCounts }
  | { kind: 'collectionSupply'; page: Page<FollowedSupply> };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<Loaded> {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const body = { pageNum: pageParam(url), pageSize: Limits.pageSize };
  const kind = url.pathname.replace(/\/+$/, '').split('/').pop();
  const signal = request.signal;
  if (kind === 'myReceiving') return { kind, page: unwrap(await api.post<Page<PurchaseListItem>>('/buyTask/myResponded', body, { signal })) };
  if (kind === 'mySupplies') {
    const [page, counts] = await Promise.all([api.get<Page<SupplyListItem>>('/companySupply/listMyCompanySupplys', body, { signal }), api.get<SupplyCounts>('/companySupply/countByStatus', undefined, { signal })]);
    return { kind, page: unwrap(page), counts: unwrap(counts) };
  }
  if (kind === 'collectionSupply') return { kind, page: unwrap(await api.post<Page<FollowedSupply>>('/favorite/listSupply', body, { signal })) };
  return { kind: 'myPurchase', page: unwrap(await api.post<Page<PurchaseListItem>>('/productBuy/myProductBuys', body, { signal })) };
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const w = useWords(tradeWords);
  const { pathname } = useLocation();
  const pages = pageCount(loaded.page.total, loaded.page.pageSize);
  const href = (p: number) => (p > 1 ? `${pathname}?page=${p}` : pathname);
  const title = w[loaded.kind];
  return (
    <section className="panel trade-mine" aria-label={title}>
      <div className="panel__head"><PersonTitle title={title} /></div>
      {loaded.kind === 'myPurchase' ? <p><Link className="button button--primary" to="/home/person/releasePurchase">{w.postBuy}</Link></p> : null}
      {loaded.kind === 'mySupplies' ? (
        <p className="trade__actions">
          <Link className="button button--primary" to="/home/person/releaseSupply">{w.postSupply}</Link>
          <span className="muted" data-counts>{fill(w.countIn, { n: loaded.counts.inSupply })} · {fill(w.countClosed, { n: loaded.counts.closed })}</span>
        </p>
      ) : null}
      {loaded.page.list.length === 0 ? <p className="empty">{w.empty} <Link to="/supplyAndBuy">{w.toHall}</Link></p> : (
        <ul className="trade-list">
          {rows(loaded)}
        </ul>
      )}
      <Pager page={loaded.page.pageNum} pages={pages} href={href} />
    </section>
  );
}

function rows(loaded: Loaded) {
  switch (loaded.kind) {
    case 'mySupplies': return loaded.page.list.map((s) => <SupplyRow key={s.id} s={s}><OwnerActions id={s.id} status={s.status} /></SupplyRow>);
    case 'collectionSupply': return loaded.page.list.map((s) => <SupplyRow key={s.id} s={s} />);
    default: return loaded.page.list.map((r) => <PurchaseRow key={r.id} r={r} />);
  }
}

const OwnerActions = observer(function OwnerActions({ id, status }: { id: number; status: number }) {
  const w = useWords(tradeWords);
  const { busy, act: reload } = useReloadingAction();
  async function act(action: 'close' | 'reopen' | 'delete') {
    await reload((api) => api.post('/companySupply/setStatus', { id, action }), w.done);
  }
  return (
    <span className="trade__actions">
      {status === 1 ? <button type="button" className="button button--small" disabled={busy} onClick={() => void act('close')}>{w.close}</button> : null}
      {status === 2 ? <button type="button" className="button button--small" disabled={busy} onClick={() => void act('reopen')}>{w.reopen}</button> : null}
      <Link className="button button--small" to={`/supply/${id}/edit`} data-edit-supply={id}>{w.edit}</Link>
      <button type="button" className="button button--small" disabled={busy} onClick={() => void act('delete')}>{w.remove}</button>
    </span>
  );
});
