// After placing orders (/successSubmit?ids=): the orders created, one per company, with links to each.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { OrderDetail } from '../../contracts/order';
import { unwrap } from '../../api-client/results';
import { BuyType, buyTypeLabels } from '../../domain/catalogue';
import { formatPrice } from '../../domain/format';
import { OrderLimits } from '../../domain/order';
import { loaderDeps } from '../../loader-context';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { cartWords } from './cart-words';
import { companyName } from './cart-shared';
import { orderListPath } from '../order/order-paths';


export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const ids = [...new Set((new URL(request.url).searchParams.get('ids') ?? '').split(',').map(Number))]
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, OrderLimits.maxCompaniesPerPlacement);
  const orders = await Promise.all(ids.map(async (id) => unwrap(await api.get<OrderDetail>('/order/getOrderDetails', { id }, { signal: request.signal }))));
  return { orders };
}

export function Component() {
  const { orders } = useLoaderData<typeof loader>();
  const w = useWords(cartWords);
  const { t } = useTranslation();
  const lang = useLang();
  const kind = orders[0]?.buyType;
  return (
    <>
      <title>{`${w.successTitle} - ${t('site.name')}`}</title>
      <section className="success panel">
        <div className="success__mark" aria-hidden="true">✓</div>
        <h1 className="success__title">{w.successTitle}</h1>
        <p className="muted">{fill(w.successLead, { n: orders.length })}</p>
        <ul className="success__orders">
          {orders.map((o) => (
            <li key={o.id} className="success__order">
              <span>{w.orderNo} <strong>{o.orderNo}</strong></span>
              <span>{companyName(o, lang)}</span>
              <span>{buyTypeLabels[o.buyType]?.[lang]} · {o.stateLabel}</span>
              <span>{o.buyType === BuyType.SAMPLE_CUT ? w.free : o.goodsAmount === null ? w.pricePending : `¥${formatPrice(o.goodsAmount, lang)}`}</span>
              <Link className="text-link" to={`/home/person/orderDetail/${o.id}`}>{w.viewOrder}</Link>
            </li>
          ))}
        </ul>
        <p className="success__links">
          {kind ? <Link className="button button--primary" to={orderListPath('buyer', kind)}>{w.myOrders}</Link> : null}
          <Link className="button" to="/">{w.continueShopping}</Link>
        </p>
      </section>
    </>
  );
}
