// The order lists of one kind, for the buyer (/home/person/orderBulk|orderLayout|orderSample) or the
// seller (/home/shopManage/…): status-group tabs with their counts (statOrderNums), a paged list
// (?group=&page=), and on each order the buttons its viewer may press.
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { Page } from '../../contracts/common';
import type { OrderStatCounts, OrderSummary } from '../../contracts/order';
import { BuyType, buyTypeLabels } from '../../domain/catalogue';
import { colonOf, formatPrice, type Lang } from '../../domain/format';
import { LineQuantity } from '../../components/line-price';
import { When } from '../../components/when';
import { ShippingFlag, statusGroupLabels, statusGroupsByKind, type BuyTypeCode, type StatusGroup } from '../../domain/order';
import { loaderDeps } from '../../loader-context';
import { LazyImage } from '../../components/lazy-image';
import { useLang } from '../../components/use-lang';
import { fill, useWords, type Said } from '../../components/use-words';
import { companyName, lineColour, lineTitle } from '../cart/cart-shared';
import { OrderActions } from './order-actions';
import { menuKinds, orderDetailPath, orderListPath, unwrapOrder, type OrderSide } from './order-paths';
import { orderWords } from './order-words';

const PAGE_SIZE = 10;

const calls: Record<OrderSide, { list: string; stat: string }> = {
  buyer: { list: '/order/getUserOrders', stat: '/order/statOrderNums' },
  seller: { list: '/shopOrder/listOrders', stat: '/shopOrder/statOrderNums' },
};

/** The loader and page of one kind's list for one side (routes.tsx guards it). */
export function orderListRoute(side: OrderSide, buyType: BuyTypeCode) {
  const tabs = statusGroupsByKind[buyType];

  async function loader({ request, context }: LoaderFunctionArgs) {
    const { api } = loaderDeps(context);
    const url = new URL(request.url);
    const raw = url.searchParams.get('group') as StatusGroup | null;
    const group: StatusGroup = raw && tabs.includes(raw) ? raw : 'all';
    const n = Number(url.searchParams.get('page'));
    const pageNum = Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
    const signal = request.signal;
    const [orders, counts] = await Promise.all([
      api.post<Page<OrderSummary>>(calls[side].list, { pageNum, pageSize: PAGE_SIZE, buyType, ...(group === 'all' ? {} : { statusGroup: group }) }, { signal }),
      api.get<OrderStatCounts>(calls[side].stat, { buyType }, { signal }),
    ]);
    return { group, orders: unwrapOrder(orders), counts: unwrapOrder(counts) };
  }

  function Component() {
    const { group, orders, counts } = useLoaderData<typeof loader>();
    const w = useWords(orderWords);
    const { t } = useTranslation();
    const lang = useLang();
    const revalidator = useRevalidator();
    const kind = buyTypeLabels[buyType][lang];
    const title = fill(side === 'buyer' ? w.buyerTitle : w.sellerTitle, { kind });
    const pages = Math.max(1, Math.ceil(orders.total / orders.pageSize));
    return (
      <div className="orders">
        <title>{`${title} - ${t('site.name')}`}</title>
        {side === 'seller' ? (
          <nav className="tabs tabs--kinds" aria-label={w.kinds}>
            {menuKinds.map((k) => (
              <Link key={k} to={orderListPath(side, k)} className={`tabs__tab${k === buyType ? ' is-active' : ''}`} aria-current={k === buyType ? 'page' : undefined}>
                {buyTypeLabels[k][lang]}
              </Link>
            ))}
          </nav>
        ) : null}
        <h1 className="orders__title">{title}</h1>
        <nav className="tabs tabs--groups" aria-label={w.groups}>
          {tabs.map((g) => (
            <Link key={g} to={orderListPath(side, buyType, { group: g })} className={`tabs__tab${g === group ? ' is-active' : ''}`} aria-current={g === group ? 'page' : undefined}>
              {statusGroupLabels[g][lang]} <span className="tabs__count">{counts[g] ?? 0}</span>
            </Link>
          ))}
        </nav>
        {orders.list.length === 0 ? (
          <p className="empty">{w.empty}</p>
        ) : (
          <ul className="order-cards">
            {orders.list.map((o) => (
              <li key={o.id}><OrderCard order={o} side={side} w={w} lang={lang} onDone={() => void revalidator.revalidate()} /></li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className="pager" aria-label={w.pagination}>
            {orders.pageNum > 1 ? <Link className="button" rel="prev" to={orderListPath(side, buyType, { group, page: orders.pageNum - 1 })}>{w.previous}</Link> : <span />}
            <span className="pager__status">{fill(w.pageOf, { page: orders.pageNum, pages })}</span>
            {orders.pageNum < pages ? <Link className="button" rel="next" to={orderListPath(side, buyType, { group, page: orders.pageNum + 1 })}>{w.next}</Link> : <span />}
          </nav>
        ) : null}
      </div>
    );
  }

  return { loader, Component };
}

/** Goods amount as the list shows it: free samples, a price still to be set, or the amount. */
export function goodsAmountText(o: OrderSummary, w: Said<typeof orderWords>, lang: Lang): string {
  if (o.buyType === BuyType.SAMPLE_CUT) return w.free;
  if (o.goodsAmount === null) return w.pricePending;
  return `¥${formatPrice(o.goodsAmount, lang)}`;
}

function OrderCard({ order: o, side, w, lang, onDone }: { order: OrderSummary; side: OrderSide; w: Said<typeof orderWords>; lang: Lang; onDone(): void }) {
  const detail = orderDetailPath(side, o.id);
  return (
    <article className="order-card" aria-label={`${w.orderNo} ${o.orderNo}`}>
      <header className="order-card__head">
        <span>{w.orderNo} <Link to={detail} className="order-card__no">{o.orderNo}</Link></span>
        <span className="muted"><When at={o.createdAt} /></span>
        <span className="order-card__party">{side === 'buyer' ? `${w.shop}${colonOf(lang)}${companyName(o, lang)}` : `${w.buyer}${colonOf(lang)}${o.buyerName}`}</span>
        <span className="order-card__state" data-state={o.state}>
          {o.stateLabel}
          {o.shippingFlag === ShippingFlag.OVERDUE ? <span className="badge badge--danger">{w.overdue}</span> : null}
          {o.afterSaleStatus !== null ? <span className="badge">{w.afterSale}</span> : null}
        </span>
      </header>
      <ul className="order-card__lines">
        {o.lines.map((l) => (
          <li key={l.id} className="order-line">
            <span className="order-line__image"><LazyImage src={l.imageUrl} alt={`${lineTitle(l, lang)} ${lineColour(l, lang)}`} sizes="72px" /></span>
            <span className="order-line__info">
              <span className="order-line__title">{lineTitle(l, lang)}</span>
              <span className="muted"><i className="swatch" style={{ backgroundColor: l.hex }} aria-hidden="true" />{lineColour(l, lang)} · {l.code}</span>
            </span>
            <span className="order-line__num" data-line-quantity>× <LineQuantity num={l.num} unit={l.unit} buyType={o.buyType} displayUnit={l.displayUnit} gramsPerMetre={l.gramsPerMetre} /></span>
          </li>
        ))}
      </ul>
      <footer className="order-card__foot">
        <span className="order-card__amount">
          {w.amount}{colonOf(lang)}<strong className="price">{goodsAmountText(o, w, lang)}</strong>
          <span className="muted"> {w.freightExcluded}</span>
          {o.amountDue !== null && o.amountDue > 0 ? <span className="order-card__due">{fill(w.due, { amount: formatPrice(o.amountDue, lang) })}</span> : null}
        </span>
        <Link to={detail} className="text-link">{w.detail}</Link>
        <OrderActions order={o} side={side} onDone={onDone} />
      </footer>
    </article>
  );
}
