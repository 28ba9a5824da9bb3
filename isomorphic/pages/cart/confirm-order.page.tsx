// Order confirmation (/confirmOrder?type=&ids=): the chosen cart lines as SPEC §3's order parameters
// (one entry per company: productParams, remark, stockPeriod), the consignee (default preselected), the
// delivery method (SPEC §4), and one idempotency key per opening of the page, so a double submit places
// the orders once. Addresses are added and edited in a dialog on this page (the buyer stays on the order,
// a new one is chosen at once). On success: /successSubmit with the new orders.
import { useMemo, useState } from 'react';
import { useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n/react';
import type { Consignee } from '../../contracts/account';
import type { Area } from '../../contracts/common';
import { AccountLimits } from '../../domain/account';
import { Modal } from '../../components/modal';
import { AddressForm } from '../person/address-form';
import type { CartGroup, OrderSummary, PlaceOrderInput } from '../../contracts/order';
import { unwrap } from '../../api-client/results';
import { BuyType, buyTypeLabels, Delivery, deliveryLabels } from '../../domain/catalogue';
import { LinePrice, LineQuantity } from '../../components/line-price';
import { deliveryCodes, OrderLimits } from '../../domain/order';
import { colonOf, commaOf, formatPrice, semicolonOf } from '../../domain/format';
import { Codes } from '../../domain/codes';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { browserApi } from '../../components/browser-api';
import { useApiAction } from '../../components/use-api-action';
import { LazyImage } from '../../components/lazy-image';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { cartWords } from './cart-words';
import { companyName, lineAmount, lineColour, lineTitle, pickLines, toBuyType, totalsOf } from './cart-shared';


export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const buyType = toBuyType(url.searchParams.get('type'));
  const ids = new Set((url.searchParams.get('ids') ?? '').split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0));
  const signal = request.signal;
  const [cart, consignees, provinces] = await Promise.all([
    api.post<CartGroup[]>('/shoppingCart/listShoppingCart', { buyType }, { signal }),
    api.get<Consignee[]>('/consignee/listConsignee', undefined, { signal }),
    api.get<Area[]>('/front/area/byParent', undefined, { signal }),
  ]);
  return { buyType, groups: pickLines(unwrap(cart), ids), consignees: unwrap(consignees), provinces: unwrap(provinces) };
}

/** A submission key: 32 hex characters from the platform's random source (works without a secure context). */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <ConfirmView {...data} />;
}

interface CompanyInput { remark: string; stockPeriod: number }
type Editing = { mode: 'add' } | { mode: 'edit'; address: Consignee } | null;

const ConfirmView = observer(function ConfirmView({ buyType, groups, consignees, provinces }: Awaited<ReturnType<typeof loader>>) {
  const w = useWords(cartWords);
  const { t } = useTranslation();
  const lang = useLang();
  const { cart, toasts } = useStores();
  const run = useApiAction();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  // Made once when the page opens; a retry after a lost answer reuses it and the api answers with the same orders.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [consigneeId, setConsigneeId] = useState<number | undefined>(() => (consignees.find((c) => c.isDefault) ?? consignees[0])?.id);
  const [delivery, setDelivery] = useState<number>(Delivery.FREIGHT_COLLECT);
  const [inputs, setInputs] = useState<Record<number, CompanyInput>>({});
  const [submitting, setSubmitting] = useState(false);
  const totals = useMemo(() => totalsOf(groups.flatMap((g) => g.shoppingCarts), buyType), [groups, buyType]);
  const inputOf = (companyId: number): CompanyInput => inputs[companyId] ?? { remark: '', stockPeriod: 0 };
  const setInput = (companyId: number, patch: Partial<CompanyInput>) => setInputs((all) => ({ ...all, [companyId]: { ...inputOf(companyId), ...patch } }));
  const needsAddress = delivery !== Delivery.SELF_PICKUP;
  const canAdd = consignees.length < AccountLimits.maxAddresses;

  async function addressSaved(saved: Consignee | null) {
    if (saved) {
      await revalidator.revalidate();
      setConsigneeId(saved.id);
    }
    setEditing(null);
  }

  async function submit() {
    if (submitting) return;
    if (needsAddress && consigneeId === undefined) { toasts.error(w.consigneeRequired); return; }
    const body: PlaceOrderInput = {
      buyType,
      delivery,
      idempotencyKey,
      ...(consigneeId !== undefined ? { consigneeId } : {}),
      orders: groups.map((g) => ({
        companyId: g.companyId,
        productParams: g.shoppingCarts.map((l) => ({ num: l.buyNum, colorId: l.colorId, productId: l.productId, ...(l.displayUnit !== null ? { displayUnit: l.displayUnit } : {}) })),
        remark: inputOf(g.companyId).remark.trim(),
        stockPeriod: buyType === BuyType.BULK ? inputOf(g.companyId).stockPeriod : 0,
      })),
    };
    setSubmitting(true);
    const outcome = await run((api) => api.post<{ orders: OrderSummary[] }>('/order/placeOrder', body));
    if (outcome?.code === 0) {
      void cart.refresh(browserApi());
      void navigate(`/successSubmit?ids=${outcome.data.orders.map((o) => o.id).join(',')}`, { replace: true });
      return;
    }
    // The key went with other lines (the cart changed in another tab): this is a new submission.
    if (outcome?.code === Codes.IDEMPOTENCY_KEY_REUSED) setIdempotencyKey(newIdempotencyKey());
    setSubmitting(false);
  }

  if (groups.length === 0) {
    return (
      <>
        <title>{`${w.confirmTitle} - ${t('site.name')}`}</title>
        <div className="empty">
          <p>{w.nothingToConfirm}</p>
          <p><Link className="button" to={`/shoppingCart?type=${buyType}`}>{w.backToCart}</Link></p>
        </div>
      </>
    );
  }

  return (
    <>
      <title>{`${w.confirmTitle} - ${t('site.name')}`}</title>
      <section className="hero">
        <h1 className="hero__title">{w.confirmTitle}</h1>
        <p className="hero__subtitle">{buyTypeLabels[buyType]?.[lang]}</p>
      </section>

      <section className="panel" aria-labelledby="confirm-consignee">
        <div className="panel__head">
          <h2 id="confirm-consignee" className="panel__title">{w.consignee}</h2>
          {canAdd ? <button type="button" className="link-button panel__link" onClick={() => setEditing({ mode: 'add' })}>{w.addAddress}</button> : null}
        </div>
        {consignees.length === 0 ? (
          <p className="muted">{w.noConsignee} <button type="button" className="button button--primary" onClick={() => setEditing({ mode: 'add' })}>{w.addAddress}</button></p>
        ) : (
          <ul className="address-choices">
            {consignees.map((c) => (
              <li key={c.id} className="address-choices__item">
                <label className={`address-choice${consigneeId === c.id ? ' is-active' : ''}`}>
                  <input type="radio" name="consignee" value={c.id} checked={consigneeId === c.id} onChange={() => setConsigneeId(c.id)} />
                  <span className="address-choice__who">{c.consignee} {c.phone}{c.isDefault ? <span className="badge">{w.defaultAddress}</span> : null}</span>
                  <span className="address-choice__where">{c.region} {c.detail}</span>
                </label>
                <button type="button" className="link-button address-choices__edit" aria-label={fill(w.editAddressOf, { name: c.consignee })} onClick={() => setEditing({ mode: 'edit', address: c })}>{w.editAddress}</button>
              </li>
            ))}
          </ul>
        )}
        <Modal open={editing !== null} title={editing?.mode === 'edit' ? w.editAddress : w.addAddress} onClose={() => setEditing(null)} closeOnBackdrop={false}>
          {editing ? (
            <AddressForm
              key={editing.mode === 'edit' ? editing.address.id : 'new'}
              address={editing.mode === 'edit' ? editing.address : null}
              provinces={provinces}
              run={run}
              idPrefix="confirm-address"
              showTitle={false}
              onDone={addressSaved}
            />
          ) : null}
        </Modal>
      </section>

      <section className="panel" aria-labelledby="confirm-delivery">
        <h2 id="confirm-delivery" className="panel__title">{w.delivery}</h2>
        <div className="chips" role="radiogroup" aria-labelledby="confirm-delivery">
          {deliveryCodes.map((code) => (
            <label key={code} className={`chip${delivery === code ? ' is-active' : ''}`}>
              <input type="radio" name="delivery" value={code} checked={delivery === code} onChange={() => setDelivery(code)} />
              {deliveryLabels[code]?.[lang]}
            </label>
          ))}
        </div>
      </section>

      {groups.map((g) => {
        const sub = totalsOf(g.shoppingCarts, buyType);
        const input = inputOf(g.companyId);
        return (
          <section key={g.companyId} className="panel confirm-company" aria-label={companyName(g, lang)}>
            <h2 className="panel__title">{fill(w.ordersOfCompany, { name: companyName(g, lang) })}</h2>
            <ul className="confirm-lines">
              {g.shoppingCarts.map((l) => {
                const amount = lineAmount(l, buyType);
                return (
                  <li key={l.id} className="confirm-line">
                    <span className="confirm-line__image"><LazyImage src={l.imageUrl} alt={`${lineTitle(l, lang)} ${lineColour(l, lang)}`} sizes="72px" /></span>
                    <span className="confirm-line__info">
                      <span className="confirm-line__title">{lineTitle(l, lang)}</span>
                      <span className="muted">{l.code} · <i className="swatch" style={{ backgroundColor: l.hex }} aria-hidden="true" />{lineColour(l, lang)}</span>
                    </span>
                    <span className="confirm-line__price">{buyType === BuyType.SAMPLE_CUT ? w.free : <LinePrice cents={l.price} unit={l.unit} displayUnit={l.displayUnit} gramsPerMetre={l.gramsPerMetre} />}</span>
                    <span className="confirm-line__num" data-line-quantity>× <LineQuantity num={l.buyNum} unit={l.unit} buyType={buyType} displayUnit={l.displayUnit} gramsPerMetre={l.gramsPerMetre} /></span>
                    <span className="confirm-line__amount">{buyType === BuyType.SAMPLE_CUT ? w.free : amount === null ? formatPrice(null, lang) : `¥${formatPrice(amount, lang)}`}</span>
                  </li>
                );
              })}
            </ul>
            <div className="confirm-company__fields">
              <label className="field">
                <span className="field__label">{w.remark}</span>
                <input className="field__input" type="text" maxLength={OrderLimits.remarkMax} placeholder={w.remarkPlaceholder} value={input.remark} onChange={(e) => setInput(g.companyId, { remark: e.target.value })} />
              </label>
              {buyType === BuyType.BULK ? (
                <label className="field field--narrow">
                  <span className="field__label">{w.stockPeriod}</span>
                  <input className="field__input" type="number" min={0} max={OrderLimits.maxStockPeriodDays} value={input.stockPeriod} onChange={(e) => setInput(g.companyId, { stockPeriod: Math.min(OrderLimits.maxStockPeriodDays, Math.max(0, Math.floor(Number(e.target.value) || 0))) })} />
                  <span className="field__hint muted">{w.stockPeriodHint}</span>
                </label>
              ) : null}
            </div>
            <p className="confirm-company__sum">
              {w.subtotal}{colonOf(lang)}{buyType === BuyType.SAMPLE_CUT ? w.free : <strong className="price">¥{formatPrice(sub.amount, lang)}</strong>}
            </p>
          </section>
        );
      })}

      <div className="cart-bar">
        <div className="cart-bar__sum">
          <span>{fill(w.selected, { n: totals.count })}</span>
          <span className="cart-bar__total">{w.total}{colonOf(lang)}{buyType === BuyType.SAMPLE_CUT ? <strong className="price">{w.free}</strong> : <strong className="price">¥{formatPrice(totals.amount, lang)}</strong>}</span>
          <span className="muted cart-bar__note">
            {buyType === BuyType.SAMPLE_CUT ? `${w.samplesFree}${commaOf(lang)}` : ''}{w.freightExcluded}
            {totals.negotiable > 0 ? `${semicolonOf(lang)}${fill(w.negotiableExcluded, { n: totals.negotiable })}` : ''}
            {buyType === BuyType.BULK ? `${semicolonOf(lang)}${w.bulkPriceLater}` : ''}
          </span>
        </div>
        <button type="button" className="button button--primary cart-bar__checkout" disabled={submitting} aria-busy={submitting} onClick={() => void submit()}>
          {submitting ? w.submitting : w.submit}
        </button>
      </div>
    </>
  );
});
