// The cart (/shoppingCart): three tabs (sample cut, bulk, plate cut; ?type=1|2|3), lines grouped by
// company, selection per line, per company and all, quantity steppers, delete, totals (SPEC §9: samples
// free, freight not included, negotiable prices apart) and checkout to /confirmOrder with the chosen lines.
import { useMemo, useState } from 'react';
import { useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n/react';
import type { CartCount, CartGroup, CartLine } from '../../contracts/order';
import { unwrap } from '../../api-client/results';
import { BuyType, buyTypeLabels } from '../../domain/catalogue';
import { buyTypes, OrderLimits } from '../../domain/order';
import { colonOf, commaOf, formatPrice, semicolonOf } from '../../domain/format';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { browserApi } from '../../components/browser-api';
import { useApiAction } from '../../components/use-api-action';
import { LazyImage } from '../../components/lazy-image';
import { Modal } from '../../components/modal';
import { LinePrice, LineQuantity } from '../../components/line-price';
import { QuantityStepper } from '../../components/quantity-stepper';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { cartWords } from './cart-words';
import { companyName, lineAmount, lineColour, lineTitle, toBuyType, totalsOf } from './cart-shared';


export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const buyType = toBuyType(new URL(request.url).searchParams.get('type'));
  const signal = request.signal;
  const [groups, count] = await Promise.all([
    api.post<CartGroup[]>('/shoppingCart/listShoppingCart', { buyType }, { signal }),
    api.get<CartCount>('/shoppingCart/countShoppingCart', undefined, { signal }),
  ]);
  return { buyType, groups: unwrap(groups), count: unwrap(count) };
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <CartView key={data.buyType} {...data} />;
}

const countOf = (count: CartCount, buyType: number) =>
  buyType === BuyType.SAMPLE_CUT ? count.sampleCut : buyType === BuyType.BULK ? count.bulk : count.plateCut;

const CartView = observer(function CartView({ buyType, groups, count }: Awaited<ReturnType<typeof loader>>) {
  const w = useWords(cartWords);
  const { t } = useTranslation();
  const lang = useLang();
  const { cart, toasts } = useStores();
  const run = useApiAction();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const lines = useMemo(() => groups.flatMap((g) => g.shoppingCarts), [groups]);
  const selectable = useMemo(() => lines.filter((l) => l.available), [lines]);
  // Everything orderable starts selected; ids that left the cart drop out of the selection.
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(selectable.map((l) => l.id)));
  const selected = useMemo(() => new Set([...chosen].filter((id) => selectable.some((l) => l.id === id))), [chosen, selectable]);
  const [busyLine, setBusyLine] = useState<number | null>(null);
  const [toRemove, setToRemove] = useState<number[] | null>(null);
  const [removing, setRemoving] = useState(false);

  const selectedLines = selectable.filter((l) => selected.has(l.id));
  const totals = totalsOf(selectedLines, buyType);
  const allSelected = selectable.length > 0 && selectable.every((l) => selected.has(l.id));
  const maxNum = buyType === BuyType.SAMPLE_CUT ? OrderLimits.maxSampleNum : OrderLimits.maxBuyNum;

  const toggle = (ids: number[], on: boolean) => setChosen(() => {
    const next = new Set(selected);
    ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
    return next;
  });

  async function setNum(line: CartLine, buyNum: number) {
    setBusyLine(line.id);
    await run((api) => api.post('/shoppingCart/setBuyNum', { id: line.id, buyNum }), { quiet: true });
    setBusyLine(null);
    void revalidator.revalidate();
  }

  async function remove(ids: number[]) {
    setRemoving(true);
    const outcome = await run((api) => api.post('/shoppingCart/deleteShoppingCart', { ids }));
    setRemoving(false);
    setToRemove(null);
    if (outcome?.code === 0) {
      // SPEC §4: after a delete the list of that type is reloaded.
      void revalidator.revalidate();
      void cart.refresh(browserApi());
    }
  }

  function checkout() {
    if (selectedLines.length === 0) { toasts.error(w.nothingSelected); return; }
    void navigate(`/confirmOrder?type=${buyType}&ids=${selectedLines.map((l) => l.id).join(',')}`);
  }

  return (
    <>
      <title>{`${w.cartTitle} - ${t('site.name')}`}</title>
      <section className="hero">
        <h1 className="hero__title">{w.cartTitle}</h1>
      </section>
      <nav className="tabs" aria-label={w.tabs}>
        {buyTypes.map((code) => (
          <Link key={code} to={`/shoppingCart?type=${code}`} className={`tabs__tab${code === buyType ? ' is-active' : ''}`} aria-current={code === buyType ? 'page' : undefined}>
            {buyTypeLabels[code]?.[lang]} <span className="tabs__count">{countOf(count, code)}</span>
          </Link>
        ))}
      </nav>

      {groups.length === 0 ? (
        <div className="empty">
          <p>{w.empty}</p>
          <p><Link to="/" className="button">{w.browse}</Link></p>
        </div>
      ) : (
        <>
          <div className="cart-head">
            <label className="check">
              <input type="checkbox" checked={allSelected} onChange={(e) => toggle(selectable.map((l) => l.id), e.target.checked)} />
              {w.selectAll}
            </label>
            <span className="cart-head__col cart-head__col--price">{w.unitPrice}</span>
            <span className="cart-head__col cart-head__col--num">{w.quantity}</span>
            <span className="cart-head__col cart-head__col--amount">{w.subtotal}</span>
            <span className="cart-head__col cart-head__col--action">{w.action}</span>
          </div>
          {groups.map((g) => {
            const own = g.shoppingCarts.filter((l) => l.available).map((l) => l.id);
            const name = companyName(g, lang);
            return (
              <section key={g.companyId} className="cart-group" aria-label={name}>
                <header className="cart-group__head">
                  <label className="check">
                    <input type="checkbox" aria-label={fill(w.selectCompany, { name })} checked={own.length > 0 && own.every((id) => selected.has(id))} disabled={own.length === 0} onChange={(e) => toggle(own, e.target.checked)} />
                    <span className="cart-group__name">{name}</span>
                  </label>
                </header>
                <ul className="cart-lines">
                  {g.shoppingCarts.map((l) => {
                    const title = lineTitle(l, lang);
                    const colour = lineColour(l, lang);
                    const amount = lineAmount(l, buyType);
                    return (
                      <li key={l.id} className={`cart-line${l.available ? '' : ' is-unavailable'}`}>
                        <input type="checkbox" className="cart-line__check" aria-label={fill(w.selectLine, { title, colour })} checked={selected.has(l.id)} disabled={!l.available} onChange={(e) => toggle([l.id], e.target.checked)} />
                        <Link to={`/flower/${l.productId}`} className="cart-line__image"><LazyImage src={l.imageUrl} alt={`${title} ${colour}`} sizes="72px" /></Link>
                        <div className="cart-line__info">
                          <Link to={`/flower/${l.productId}`} className="cart-line__title">{title}</Link>
                          <span className="muted">{l.code}</span>
                          <span className="cart-line__colour"><i className="swatch" style={{ backgroundColor: l.hex }} aria-hidden="true" />{colour}</span>
                          {!l.available ? <span className="badge badge--muted">{w.unavailable}</span> : null}
                        </div>
                        <div className="cart-line__price">
                          {buyType === BuyType.SAMPLE_CUT ? <span className="price">{w.free}</span> : <LinePrice cents={l.price} unit={l.unit} displayUnit={l.displayUnit} gramsPerMetre={l.gramsPerMetre} />}
                        </div>
                        <div className="cart-line__num">
                          <QuantityStepper value={l.buyNum} max={maxNum} disabled={busyLine === l.id || !l.available} label={`${w.quantity} ${title} ${colour}`} decreaseLabel={w.decrease} increaseLabel={w.increase} onChange={(n) => void setNum(l, n)} />
                          {buyType !== BuyType.SAMPLE_CUT && l.displayUnit !== null && l.displayUnit !== l.unit ? <span className="muted" data-display-quantity><LineQuantity num={l.buyNum} unit={l.unit} buyType={buyType} displayUnit={l.displayUnit} gramsPerMetre={l.gramsPerMetre} /></span> : null}
                        </div>
                        <div className="cart-line__amount">
                          {buyType === BuyType.SAMPLE_CUT ? w.free : amount === null ? formatPrice(null, lang) : <span className="price">¥{formatPrice(amount, lang)}</span>}
                        </div>
                        <div className="cart-line__action">
                          <button type="button" className="link-button" onClick={() => setToRemove([l.id])}>{w.remove}</button>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}

          <div className="cart-bar">
            <label className="check">
              <input type="checkbox" checked={allSelected} onChange={(e) => toggle(selectable.map((l) => l.id), e.target.checked)} />
              {w.selectAll}
            </label>
            <button type="button" className="link-button" disabled={selectedLines.length === 0} onClick={() => setToRemove(selectedLines.map((l) => l.id))}>{w.removeSelected}</button>
            <div className="cart-bar__sum">
              <span>{fill(w.selected, { n: totals.count })}</span>
              <span className="cart-bar__total">
                {w.total}{colonOf(lang)}{buyType === BuyType.SAMPLE_CUT ? <strong className="price">{w.free}</strong> : <strong className="price">¥{formatPrice(totals.amount, lang)}</strong>}
              </span>
              <span className="muted cart-bar__note">
                {buyType === BuyType.SAMPLE_CUT ? `${w.samplesFree}${commaOf(lang)}` : ''}{w.freightExcluded}
                {totals.negotiable > 0 ? `${semicolonOf(lang)}${fill(w.negotiableExcluded, { n: totals.negotiable })}` : ''}
              </span>
            </div>
            <button type="button" className="button button--primary cart-bar__checkout" disabled={selectedLines.length === 0} onClick={checkout}>{w.checkout}</button>
          </div>
        </>
      )}

      <Modal
        open={toRemove !== null}
        title={w.remove}
        onClose={() => setToRemove(null)}
        footer={<>
          <button type="button" className="button" onClick={() => setToRemove(null)}>{w.cancel}</button>
          <button type="button" className="button button--primary" disabled={removing} onClick={() => toRemove && void remove(toRemove)}>{w.remove}</button>
        </>}
      >
        <p>{fill(w.confirmRemove, { n: toRemove?.length ?? 0 })}</p>
      </Modal>
    </>
  );
});
