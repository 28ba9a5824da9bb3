// The product page's add-to-cart panel: the kind of purchase (sample cut, bulk, plate cut), a quantity and
// the chosen colour card. Guests are sent to sign in and come back here.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { observer } from 'mobx-react-lite';
import type { ColourCard } from '../../api-client/types';
import type { CartLine } from '../../api-client/order-types';
import { BuyType, buyTypeLabels } from '../../domain/catalogue';
import { buyTypes, OrderLimits } from '../../domain/order';
import { useStores } from '../../stores/root.store';
import { browserApi } from '../../components/browser-api';
import { useApiAction } from '../../components/use-api-action';
import { QuantityStepper } from '../../components/quantity-stepper';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { cartWords } from '../cart/cart-words';

export const AddToCart = observer(function AddToCart({ productId, colour }: { productId: number; colour: ColourCard | null }) {
  const w = useWords(cartWords);
  const lang = useLang();
  const { auth, cart, toasts } = useStores();
  const run = useApiAction();
  const navigate = useNavigate();
  const location = useLocation();
  const [buyType, setBuyType] = useState<number>(BuyType.SAMPLE_CUT);
  const [num, setNum] = useState(1);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const max = buyType === BuyType.SAMPLE_CUT ? OrderLimits.maxSampleNum : OrderLimits.maxBuyNum;

  async function add() {
    if (!auth.isAuthenticated) {
      void navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    if (!colour) { toasts.error(w.chooseColourFirst); return; }
    setBusy(true);
    const res = await run((api) => api.post<CartLine>('/shoppingCart/addShoppingCart', { buyType, productId, colorId: colour.id, buyNum: Math.min(num, max) }));
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
            <input type="radio" name="buyType" value={code} checked={buyType === code} onChange={() => { setBuyType(code); if (code === BuyType.SAMPLE_CUT) setNum((n) => Math.min(n, OrderLimits.maxSampleNum)); }} />
            {buyTypeLabels[code]?.[lang]}
          </label>
        ))}
      </fieldset>
      <div className="add-to-cart__row">
        <span className="add-to-cart__label">{w.quantity}</span>
        <QuantityStepper value={num} max={max} label={w.quantity} decreaseLabel={w.decrease} increaseLabel={w.increase} onChange={setNum} />
      </div>
      {buyType === BuyType.SAMPLE_CUT ? <p className="muted add-to-cart__hint">{fill(w.sampleHint, { max: OrderLimits.maxSampleNum })}</p> : null}
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
