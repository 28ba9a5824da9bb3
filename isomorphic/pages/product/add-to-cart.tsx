// The product page's add-to-cart panel: the kind of purchase (sample cut, bulk, plate cut), a quantity and
// the chosen colour card. Each kind says its minimum order and unit, the price at the quantity typed and
// what happens after ordering (for bulk: the seller confirms price and deposit first); the quantity starts
// at the kind's minimum. Guests are sent to sign in and come back here.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { observer } from 'mobx-react-lite';
import type { ColourCard } from '../../contracts/common';
import type { CartLine } from '../../contracts/order';
import { BuyType, buyTypeLabels, unitLabels } from '../../domain/catalogue';
import { ladderMinimum, ladderUnitPrice, type PriceLadder } from '../../domain/price-ladder';
import { formatPrice, groupDigits, hasPrice } from '../../domain/format';
import { displayedLine, displayUnitsOf, roundQuantity, unitName as unitNameOf } from '../../domain/units';
import { buyTypes, orderKindRules } from '../../domain/order';
import { useStores } from '../../stores/root.store';
import { browserApi } from '../../components/browser-api';
import { useApiAction } from '../../components/use-api-action';
import { QuantityStepper } from '../../components/quantity-stepper';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { cartWords } from '../cart/cart-words';

export const AddToCart = observer(function AddToCart({ productId, colour, price: listed, unit, ladder = [], gramsPerMetre = null }: {
  productId: number; colour: ColourCard | null; price: number | null; unit: number; ladder?: PriceLadder; gramsPerMetre?: number | null;
}) {
  const w = useWords(cartWords);
  const lang = useLang();
  const { auth, cart, toasts } = useStores();
  const run = useApiAction();
  const navigate = useNavigate();
  const location = useLocation();
  const [buyType, setBuyType] = useState<number>(BuyType.SAMPLE_CUT);
  const [num, setNum] = useState(orderKindRules[BuyType.SAMPLE_CUT].min);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  // The unit the buyer reads quantities and prices in (metres, yards, kilograms where the seller gives a
  // weight per metre): the cart and the order show the line in it; the api prices it in the product's unit.
  const [shownUnit, setShownUnit] = useState(unit);
  const shownUnits = displayUnitsOf(unit, gramsPerMetre);
  // Bulk with the seller's ladder: its first step is the minimum per colour, and the price follows the quantity (as the api prices it).
  const laddered = buyType === BuyType.BULK && ladder.length > 0;
  const kindRules = (code: number) => (code === BuyType.BULK && ladder.length > 0 ? { ...orderKindRules[code], min: ladderMinimum(ladder) ?? 1 } : orderKindRules[code]);
  const rules = kindRules(buyType);
  const price = laddered ? ladderUnitPrice(ladder, num) : listed;
  const max = rules.max;
  const unitName = rules.counts === 'cut' ? w.cutUnit : unitLabels[unit]?.[lang] ?? '';
  // English counts: "1 metre", "500 metres" ("cut(s)" is already both).
  const unitsOf = (n: number) => (lang === 'en' && n !== 1 && /^[a-z]+$/.test(unitName) ? `${unitName}s` : unitName);
  const chooseKind = (code: number) => { setBuyType(code); setNum(kindRules(code).min); };
  const shown = buyType === BuyType.SAMPLE_CUT ? null : displayedLine(num, hasPrice(price) ? price : null, unit, shownUnit, gramsPerMetre);

  async function add() {
    if (!auth.isAuthenticated) {
      void navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    if (!colour) { toasts.error(w.chooseColourFirst); return; }
    setBusy(true);
    const chosen = buyType !== BuyType.SAMPLE_CUT && shownUnit !== unit ? { displayUnit: shownUnit } : {};
    const res = await run((api) => api.post<CartLine>('/shoppingCart/addShoppingCart', { buyType, productId, colorId: colour.id, buyNum: Math.min(num, max), ...chosen }));
    setBusy(false);
    if (res?.code === 0) {
      setAdded(true);
      void cart.refresh(browserApi());
    }
  }

  return (
    <section className="add-to-cart" aria-labelledby="add-to-cart-title">
      <h2 id="add-to-cart-title" className="section-title">{w.addTitle}</h2>
      <fieldset className="add-to-cart__kinds">
        <legend className="add-to-cart__label">{w.buyType}</legend>
        {buyTypes.map((code) => (
          <label key={code} className={`chip${buyType === code ? ' is-active' : ''}`}>
            <input type="radio" name="buyType" value={code} checked={buyType === code} onChange={() => chooseKind(code)} />
            {buyTypeLabels[code]?.[lang]}
          </label>
        ))}
      </fieldset>
      {buyType !== BuyType.SAMPLE_CUT && shownUnits.length > 1 ? (
        <fieldset className="add-to-cart__kinds" data-testid="display-unit">
          <legend className="add-to-cart__label">{w.displayUnit}</legend>
          {shownUnits.map((u) => (
            <label key={u} className={`chip${shownUnit === u ? ' is-active' : ''}`}>
              <input type="radio" name="displayUnit" value={u} checked={shownUnit === u} onChange={() => setShownUnit(u)} />
              {unitLabels[u]?.[lang]}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="add-to-cart__row">
        <span className="add-to-cart__label">{w.quantity}</span>
        <QuantityStepper value={num} min={rules.min} max={max} label={w.quantity} decreaseLabel={w.decrease} increaseLabel={w.increase} onChange={setNum} live />
      </div>
      <dl className="add-to-cart__facts">
        <div><dt>{w.minimumOrder}</dt><dd data-fact="minimum">{fill(w.minimumValue, { min: groupDigits(rules.min), max: groupDigits(rules.max), unit: unitName, minUnit: unitsOf(rules.min), maxUnit: unitsOf(rules.max) })}</dd></div>
        <div>
          <dt>{fill(w.priceAtQuantity, { num: groupDigits(num), unit: unitName, numUnit: unitsOf(num) })}</dt>
          <dd data-fact="price">
            {buyType === BuyType.SAMPLE_CUT ? w.free
              : hasPrice(price) ? fill(w.priceAtQuantityValue, { amount: formatPrice(price * num, lang), price: formatPrice(price, lang), unit: unitName })
                : w.priceByNegotiation}
          </dd>
        </div>
        {shown && !shown.own ? (
          <div>
            <dt>{fill(w.shownAs, { unit: unitLabels[shown.unit]?.[lang] ?? '' })}</dt>
            <dd data-fact="shown">
              {fill(w.shownAsValue, { quantity: groupDigits(roundQuantity(shown.quantity)), unit: unitNameOf(roundQuantity(shown.quantity), shown.unit, lang) })}
              {shown.unitPrice !== null ? ` · ¥${formatPrice(shown.unitPrice, lang)}/${unitLabels[shown.unit]?.[lang] ?? ''}` : null}
            </dd>
          </div>
        ) : null}
        <div><dt>{w.nextSteps}</dt><dd data-fact="next">{buyType === BuyType.SAMPLE_CUT ? w.nextSample : buyType === BuyType.BULK ? w.nextBulk : w.nextPlate}</dd></div>
      </dl>
      <div className="add-to-cart__row">
        <button type="button" className="button button--primary add-to-cart__button" disabled={busy} onClick={() => void add()}>
          {busy ? w.adding : w.add}
        </button>
        {added ? <Link to={`/shoppingCart?type=${buyType}`} className="add-to-cart__go">{w.goToCart}</Link> : null}
        {!auth.isAuthenticated ? <span className="muted add-to-cart__hint">{w.signInToBuy}</span> : null}
      </div>
    </section>
  );
});
