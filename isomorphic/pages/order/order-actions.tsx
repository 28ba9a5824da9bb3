// The buttons an order allows its viewer (order.actions from the api, plus after-sale for buyers), each
// with its dialog. Every call carries the state the page showed (expectedState): an order that moved in
// the meantime is refused (300002) and the refusal's message shows as a toast.
import { useState, type FormEvent, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import type { OrderSummary } from '../../contracts/order';
import { BuyType } from '../../domain/catalogue';
import { formatPrice, hasPrice } from '../../domain/format';
import { OrderLimits } from '../../domain/order';
import { useStores } from '../../stores/root.store';
import { useApiAction } from '../../components/use-api-action';
import { Modal } from '../../components/modal';
import { useLang } from '../../components/use-lang';
import { fill, useWords, type Said } from '../../components/use-words';
import { lineColour, lineTitle } from '../cart/cart-shared';
import { orderWords } from './order-words';
import type { OrderSide } from './order-paths';

type ButtonKey =
  | 'cancel' | 'declarePayment' | 'receive' | 'complete' | 'applyAfterSale'
  | 'confirm' | 'confirmPayment' | 'rejectPayment' | 'confirmBalance' | 'ship';

/** The buttons of this side for this order, in the order they are shown (the main one first). */
export function buttonsFor(order: OrderSummary, side: OrderSide): ButtonKey[] {
  const has = (a: string) => order.actions.includes(a as OrderSummary['actions'][number]);
  const keys: ButtonKey[] = [];
  if (side === 'buyer') {
    if (has('declarePayment')) keys.push('declarePayment');
    if (has('receive')) keys.push('receive');
    if (has('complete')) keys.push('complete');
    if (order.canApplyAfterSale) keys.push('applyAfterSale');
    if (has('cancel')) keys.push('cancel');
  } else {
    if (has('confirm')) keys.push('confirm');
    if (has('confirmPayment')) keys.push('confirmPayment', 'rejectPayment');
    if (has('confirmBalance')) keys.push('confirmBalance');
    if (has('ship')) keys.push('ship');
    if (has('cancel')) keys.push('cancel');
  }
  return keys;
}

const endpoints: Record<OrderSide, Partial<Record<ButtonKey, string>>> = {
  buyer: {
    cancel: '/order/cancelOrder', declarePayment: '/order/declarePayment', receive: '/order/receiptGoods',
    complete: '/order/confirmTradeSuccess', applyAfterSale: '/order/applyAfterSale',
  },
  seller: {
    confirm: '/shopOrder/confirmOrder', confirmPayment: '/shopOrder/confirmPayment', rejectPayment: '/shopOrder/rejectPayment',
    confirmBalance: '/shopOrder/confirmBalance', ship: '/shopOrder/shipOrder', cancel: '/shopOrder/cancelOrder',
  },
};

const primary: ReadonlySet<ButtonKey> = new Set(['declarePayment', 'receive', 'complete', 'confirm', 'confirmPayment', 'ship']);

/** Yuan typed by a person → cents; undefined when it is not an amount. */
function toCents(raw: string): number | undefined {
  const s = raw.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return undefined;
  return Math.round(Number(s) * 100);
}

function label(key: ButtonKey, order: OrderSummary, w: Said<typeof orderWords>): string {
  if (key === 'ship' && order.buyType === BuyType.SAMPLE_CUT) return w.shipSample;
  return key === 'confirm' ? w.confirmOrder : w[key];
}

export const OrderActions = observer(function OrderActions({ order, side, onDone }: { order: OrderSummary; side: OrderSide; onDone(): void }) {
  const w = useWords(orderWords);
  const lang = useLang();
  const { toasts } = useStores();
  const run = useApiAction();
  const [open, setOpen] = useState<ButtonKey | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const keys = buttonsFor(order, side);
  if (keys.length === 0) return null;

  const set = (name: string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const start = (key: ButtonKey) => {
    const initial: Record<string, string> = {};
    if (key === 'confirm') {
      initial.paymentMode = 'full';
      for (const l of order.lines) initial[`price-${l.id}`] = hasPrice(l.unitPrice) ? (l.unitPrice / 100).toFixed(2) : '';
    }
    setValues(initial);
    setOpen(key);
  };

  /** The body of the call, or a message saying what is missing. */
  function bodyOf(key: ButtonKey): Record<string, unknown> | string {
    const base = { id: order.id, expectedState: order.state };
    const text = (name: string) => (values[name] ?? '').trim();
    switch (key) {
      case 'cancel': return text('reason') ? { ...base, reason: text('reason') } : base;
      case 'declarePayment':
        if (!text('payerName')) return fill(w.required, { field: w.payerName });
        if (!text('reference')) return fill(w.required, { field: w.referenceLabel });
        return { ...base, payerName: text('payerName'), reference: text('reference'), ...(text('note') ? { note: text('note') } : {}) };
      case 'applyAfterSale':
        if (!text('reason')) return fill(w.required, { field: w.afterSaleReason });
        return { ...base, reason: text('reason') };
      case 'confirm': {
        const lines = [];
        for (const l of order.lines) {
          const cents = toCents(values[`price-${l.id}`] ?? '');
          if (cents === undefined) return w.invalidAmount;
          lines.push({ lineId: l.id, unitPrice: cents });
        }
        const body: Record<string, unknown> = { ...base, paymentMode: values.paymentMode === 'deposit' ? 'deposit' : 'full', lines };
        if (values.paymentMode === 'deposit') {
          const deposit = toCents(values.deposit ?? '');
          if (!deposit) return w.invalidAmount;
          body.depositAmount = deposit;
        }
        if (text('stockPeriod')) body.stockPeriod = Math.min(OrderLimits.maxStockPeriodDays, Math.max(0, Math.floor(Number(text('stockPeriod')) || 0)));
        return body;
      }
      case 'rejectPayment': return { id: order.id, note: text('note') };
      case 'confirmBalance': {
        if (!text('balance')) return base;
        const cents = toCents(text('balance'));
        return cents ? { ...base, balanceAmount: cents } : w.invalidAmount;
      }
      case 'ship': return { ...base, ...(text('carrier') ? { carrier: text('carrier') } : {}), ...(text('trackingNo') ? { trackingNo: text('trackingNo') } : {}) };
      default: return base;
    }
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!open || busy) return;
    const body = bodyOf(open);
    if (typeof body === 'string') { toasts.error(body); return; }
    const path = endpoints[side][open];
    if (!path) return;
    setBusy(true);
    await run((api) => api.post(path, body));
    setBusy(false);
    setOpen(null);
    // Refused or not, the page reloads the order: a refusal usually means it moved.
    onDone();
  }

  const goodsPreview = () => {
    let total = 0;
    for (const l of order.lines) total += (toCents(values[`price-${l.id}`] ?? '') ?? 0) * l.num;
    return total;
  };

  const field = (name: string, text: string, opts: { required?: boolean; inputMode?: 'decimal' | 'numeric'; multiline?: boolean; maxLength?: number } = {}): ReactNode => (
    <label className="field" key={name}>
      <span className="field__label">{text}</span>
      {opts.multiline ? (
        <textarea className="field__input" name={name} value={values[name] ?? ''} maxLength={opts.maxLength ?? 500} required={opts.required} onChange={set(name)} />
      ) : (
        <input className="field__input" name={name} value={values[name] ?? ''} inputMode={opts.inputMode} maxLength={opts.maxLength ?? 100} required={opts.required} onChange={set(name)} />
      )}
    </label>
  );

  function dialogBody(key: ButtonKey): ReactNode {
    switch (key) {
      case 'cancel': return <><p>{w.cancelConfirm}</p>{field('reason', w.cancelReasonLabel, { maxLength: OrderLimits.remarkMax })}</>;
      case 'declarePayment': return (
        <>
          <p>{fill(w.declareLead, { amount: formatPrice(order.amountDue ?? 0, lang) })}</p>
          {field('payerName', w.payerName, { required: true, maxLength: 60 })}
          {field('reference', w.referenceLabel, { required: true })}
          {field('note', w.note, { maxLength: OrderLimits.remarkMax })}
        </>
      );
      case 'receive': return <p>{w.receiveConfirm}</p>;
      case 'complete': return <p>{w.completeConfirm}</p>;
      case 'applyAfterSale': return field('reason', w.afterSaleReason, { required: true, multiline: true });
      case 'confirm': return (
        <>
          <p>{w.confirmLead}</p>
          {order.lines.map((l) => (
            <label className="field field--row" key={l.id}>
              <span className="field__label">{lineTitle(l, lang)} · {lineColour(l, lang)} × {l.num}</span>
              <input className="field__input field__input--short" aria-label={`${w.unitPriceYuan} ${lineTitle(l, lang)} ${lineColour(l, lang)}`} inputMode="decimal" value={values[`price-${l.id}`] ?? ''} onChange={set(`price-${l.id}`)} />
            </label>
          ))}
          <p className="muted">{fill(w.goodsTotal, { amount: formatPrice(goodsPreview(), lang) })}</p>
          <fieldset className="chips">
            <legend className="field__label">{w.paymentMode}</legend>
            {(['full', 'deposit'] as const).map((mode) => (
              <label key={mode} className={`chip${values.paymentMode === mode ? ' is-active' : ''}`}>
                <input type="radio" name="paymentMode" value={mode} checked={values.paymentMode === mode} onChange={set('paymentMode')} />
                {mode === 'full' ? w.full : w.depositMode}
              </label>
            ))}
          </fieldset>
          {values.paymentMode === 'deposit' ? field('deposit', w.depositAmount, { required: true, inputMode: 'decimal' }) : null}
          {field('stockPeriod', w.stockPeriodDays, { inputMode: 'numeric', maxLength: 3 })}
        </>
      );
      case 'confirmPayment': return <p>{w.confirmPaymentConfirm}</p>;
      case 'rejectPayment': return field('note', w.rejectNote, { maxLength: OrderLimits.remarkMax });
      case 'confirmBalance': return field('balance', w.balanceAmount, { inputMode: 'decimal' });
      case 'ship': return <>{field('carrier', w.carrierLabel, { maxLength: 50 })}{field('trackingNo', w.trackingLabel, { maxLength: 60 })}</>;
      default: return null;
    }
  }

  return (
    <div className="order-actions">
      {keys.map((key) => (
        <button key={key} type="button" className={`button button--small${primary.has(key) ? ' button--primary' : ''}`} data-action={key} onClick={() => start(key)}>
          {label(key, order, w)}
        </button>
      ))}
      <Modal
        open={open !== null}
        title={open ? label(open, order, w) : ''}
        onClose={() => { if (!busy) setOpen(null); }}
        footer={<>
          <button type="button" className="button" onClick={() => setOpen(null)} disabled={busy}>{w.close}</button>
          <button type="submit" form={`order-action-${order.id}`} className="button button--primary" disabled={busy} data-submit="order-action">{busy ? w.working : w.submit}</button>
        </>}
      >
        <form id={`order-action-${order.id}`} className="order-action-form" onSubmit={(e) => void submit(e)} noValidate>
          {open ? dialogBody(open) : null}
        </form>
      </Modal>
    </div>
  );
});
