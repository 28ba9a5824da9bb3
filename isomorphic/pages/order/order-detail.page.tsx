// One order (/home/person/orderDetail/:id; ?as=seller for the seller's view): status, the trace times as
// a timeline, lines, consignee and delivery, amounts (freight not included), payments, the history of
// every action, and the buttons its viewer may press. Another person's order is a 404 from the api.
import { data, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { OrderDetail } from '../../contracts/order';
import { BuyType, buyTypeLabels, Delivery, deliveryLabels } from '../../domain/catalogue';
import { LinePrice, LineQuantity } from '../../components/line-price';
import { Codes } from '../../domain/codes';
import { colonOf, formatPrice, type Lang } from '../../domain/format';
import { When } from '../../components/when';
import { actorLabels, paymentPurposeLabels, paymentRecordStatusLabels, ShippingFlag } from '../../domain/order';
import { loaderDeps } from '../../loader-context';
import { LazyImage } from '../../components/lazy-image';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { companyName, lineColour, lineTitle } from '../cart/cart-shared';
import { OrderActions } from './order-actions';
import { goodsAmountText } from './order-list';
import { orderListPath, unwrapOrder, type OrderSide } from './order-paths';
import { orderWords } from './order-words';

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? '') || !Number.isSafeInteger(id) || id <= 0) {
    throw data({ code: Codes.NOT_FOUND, message: 'Not found' }, { status: 404 });
  }
  const side: OrderSide = new URL(request.url).searchParams.get('as') === 'seller' ? 'seller' : 'buyer';
  const path = side === 'seller' ? '/shopOrder/getOrderDetails' : '/order/getOrderDetails';
  const order = unwrapOrder(await api.get<OrderDetail>(path, { id }, { signal: request.signal }));
  return { order, side };
}

/** In China Standard Time, saying so (the same on the server and in the browser). */
const money = (cents: number, lang: Lang) => `¥${formatPrice(cents, lang)}`;

export function Component() {
  const { order: o, side } = useLoaderData<typeof loader>();
  const w = useWords(orderWords);
  const { t } = useTranslation();
  const lang = useLang();
  const revalidator = useRevalidator();
  const sample = o.buyType === BuyType.SAMPLE_CUT;
  const facts: Array<[string, string]> = [
    [w.goodsAmount, goodsAmountText(o, w, lang)],
    ...(o.depositAmount > 0 ? [[w.deposit, money(o.depositAmount, lang)] as [string, string]] : []),
    ...(o.balanceAmount > 0 ? [[w.balance, money(o.balanceAmount, lang)] as [string, string]] : []),
    ...(!sample ? [[w.paid, money(o.paidAmount, lang)] as [string, string]] : []),
    ...(o.amountDue !== null && o.amountDue > 0 ? [[w.amountDue, money(o.amountDue, lang)] as [string, string]] : []),
  ];
  return (
    <div className="order-detail">
      <title>{`${w.detail} ${o.orderNo} - ${t('site.name')}`}</title>
      <nav className="breadcrumb" aria-label={w.backToList}>
        <ol>
          <li><Link to={orderListPath(o.viewerRole, o.buyType)}>{fill(o.viewerRole === 'buyer' ? w.buyerTitle : w.sellerTitle, { kind: buyTypeLabels[o.buyType][lang] })}</Link></li>
          <li aria-current="page">{o.orderNo}</li>
        </ol>
      </nav>

      <section className="panel order-detail__status">
        <div>
          <h1 className="order-detail__title">{w.detail}</h1>
          <p className="muted">{w.orderNo} {o.orderNo} · {buyTypeLabels[o.buyType][lang]} · {o.viewerRole === 'buyer' ? `${w.shop}${colonOf(lang)}${companyName(o, lang)}` : `${w.buyer}${colonOf(lang)}${o.buyerName}`}</p>
        </div>
        <p className="order-detail__state" data-state={o.state}>
          {o.stateLabel}
          {o.shippingFlag === ShippingFlag.OVERDUE ? <span className="badge badge--danger">{w.overdue}</span> : null}
        </p>
        <OrderActions order={o} side={side} onDone={() => void revalidator.revalidate()} />
      </section>

      <section className="panel" aria-labelledby="order-trace">
        <h2 id="order-trace" className="panel__title">{w.trace}</h2>
        <ol className="trace">
          {o.trace.map((step) => (
            <li key={step.field} className="trace__step" data-field={step.field}>
              <span className="trace__dot" aria-hidden="true" />
              <span className="trace__label">{step.label}</span>
              <When className="trace__time" at={step.at} />
            </li>
          ))}
        </ol>
      </section>

      <section className="panel" aria-labelledby="order-lines">
        <h2 id="order-lines" className="panel__title">{w.lines}</h2>
        <ul className="detail-lines">
          {o.lines.map((l) => (
            <li key={l.id} className="detail-line">
              {/* A line from a chosen quotation (issue 19) links a product only when the response named one (else productId 0). */}
              {l.productId > 0
                ? <Link to={`/flower/${l.productId}`} className="detail-line__image"><LazyImage src={l.imageUrl} alt={`${lineTitle(l, lang)} ${lineColour(l, lang)}`} sizes="72px" /></Link>
                : <span className="detail-line__image"><LazyImage src={l.imageUrl} alt={lineTitle(l, lang)} sizes="72px" /></span>}
              <span className="detail-line__info">
                {l.productId > 0 ? <Link to={`/flower/${l.productId}`} className="detail-line__title">{lineTitle(l, lang)}</Link> : <span className="detail-line__title">{lineTitle(l, lang)}</span>}
                <span className="muted"><i className="swatch" style={{ backgroundColor: l.hex }} aria-hidden="true" />{lineColour(l, lang)} · {l.code}</span>
              </span>
              <span className="detail-line__cell detail-line__cell--price"><span className="detail-line__key">{w.unitPrice}</span>{sample ? w.free : l.unitPrice === null ? w.pricePending : <LinePrice cents={l.unitPrice} unit={l.unit} displayUnit={l.displayUnit} gramsPerMetre={l.gramsPerMetre} />}</span>
              <span className="detail-line__cell detail-line__cell--quantity"><span className="detail-line__key">{w.quantity}</span><span data-line-quantity><LineQuantity num={l.num} unit={l.unit} buyType={o.buyType} displayUnit={l.displayUnit} gramsPerMetre={l.gramsPerMetre} /></span></span>
              <span className="detail-line__cell detail-line__cell--amount"><span className="detail-line__key">{w.subtotal}</span>{sample ? w.free : l.amount === null ? w.pricePending : money(l.amount, lang)}</span>
            </li>
          ))}
        </ul>
      </section>

      <div className="order-detail__grid">
        <section className="panel" aria-labelledby="order-consignee">
          <h2 id="order-consignee" className="panel__title">{w.consignee}</h2>
          <dl className="facts">
            <div><dt>{w.deliveryMethod}</dt><dd>{deliveryLabels[o.delivery]?.[lang] ?? o.delivery}</dd></div>
            {o.delivery === Delivery.SELF_PICKUP && !o.consignee.name ? (
              <div><dt>{w.consignee}</dt><dd>{w.selfPickup}</dd></div>
            ) : (
              <div><dt>{w.consignee}</dt><dd>{o.consignee.name} {o.consignee.phone}<br />{o.consignee.region} {o.consignee.detail}</dd></div>
            )}
            {o.carrier || o.trackingNo ? <div><dt>{w.shipping}</dt><dd>{o.carrier} {o.trackingNo}</dd></div> : null}
            {o.shipBy ? <div><dt>{w.shipBy}</dt><dd><When at={o.shipBy} /></dd></div> : null}
            {o.stockPeriod > 0 ? <div><dt>{w.stockPeriod}</dt><dd>{fill(w.days, { n: o.stockPeriod })}</dd></div> : null}
            {o.remark ? <div><dt>{w.remark}</dt><dd>{o.remark}</dd></div> : null}
            {o.cancelReason ? <div><dt>{w.cancelReason}</dt><dd>{o.cancelReason}</dd></div> : null}
          </dl>
        </section>
        <section className="panel" aria-labelledby="order-amounts">
          <h2 id="order-amounts" className="panel__title">{w.amounts}</h2>
          <dl className="facts">
            {facts.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}
          </dl>
        </section>
      </div>

      {o.payments.length > 0 ? (
        <section className="panel" aria-labelledby="order-payments">
          <h2 id="order-payments" className="panel__title">{w.payments}</h2>
          <ul className="history">
            {o.payments.map((p) => (
              <li key={p.id} className="history__item">
                <When className="history__time" at={p.createdAt} />
                <span>{paymentPurposeLabels[p.purpose][lang]} {money(p.amount, lang)} · {w.payer} {p.payerName} · {w.reference} {p.reference}</span>
                <span className="badge">{paymentRecordStatusLabels[p.status][lang]}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="panel" aria-labelledby="order-timeline">
        <h2 id="order-timeline" className="panel__title">{w.timeline}</h2>
        <ol className="history">
          {o.timeline.map((e) => (
            <li key={e.id} className="history__item">
              <When className="history__time" at={e.createdAt} />
              <span>{e.actionLabel.startsWith(actorLabels[e.actor][lang]) ? null : <strong>{actorLabels[e.actor][lang]} </strong>}{e.actionLabel}{e.note ? ` · ${e.note}` : ''}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
