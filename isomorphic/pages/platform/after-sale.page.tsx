// /platform/afterSale: open after-sale requests over the existing /platform/afterSale/* calls; each
// shows its order's timeline on demand and is decided with a note (intervene, approve, reject).
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { AfterSale, OrderDetail } from '../../contracts/order';
import { unwrap } from '../../api-client/results';
import { AfterSaleStatus, afterSaleDecisions } from '../../domain/order';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { When } from '../../components/when';
import { useWords } from '../../components/use-words';
import { useLang } from '../../components/use-lang';
import { colonOf } from '../../domain/format';
import { platformWords } from './platform.words';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  return unwrap(await api.post<AfterSale[]>('/platform/afterSale/list', { pageNum: 1, pageSize: 50 }, { signal: request.signal }));
}

export function Component() {
  const list = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  return (
    <section className="panel" aria-label={w.afterSale}>
      {list.length === 0 ? <p className="muted">{w.empty}</p> : list.map((a) => <Request key={a.id} request={a} />)}
    </section>
  );
}

function Request({ request: a }: { request: AfterSale }) {
  const w = useWords(platformWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const choices = afterSaleDecisions.filter((d) => d.from === a.status).map((d) => d.to);
  const label = { [AfterSaleStatus.INTERVENED]: w.intervene, [AfterSaleStatus.APPROVED]: w.approveAfterSale, [AfterSaleStatus.REJECTED]: w.rejectAfterSale } as Record<number, string>;
  async function decide(decision: number) {
    setBusy(true);
    const r = await run((api) => api.post('/platform/afterSale/decide', { afterSaleId: a.id, decision, note: note.trim() }));
    setBusy(false);
    if (r?.code === 0) await revalidator.revalidate();
  }
  return (
    <article className="msg" data-after-sale={a.id} aria-busy={busy}>
      <span className="msg__title">{w.order} #{a.orderId} · {a.statusLabel}</span>
      <span className="msg__time"><When at={a.createdAt} /></span>
      <p className="msg__body">{w.reason}: {a.reason}</p>
      <div className="msg__actions">
        <button type="button" className="link-button" onClick={async () => {
          const r = await run((api) => api.get<OrderDetail>('/platform/afterSale/order', { id: a.orderId }), { quiet: true });
          if (r?.code === 0) setOrder(r.data);
        }}>{w.showOrder}</button>
      </div>
      {order ? (
        <div className="msg__body">
          <strong>{order.orderNo} · {order.stateLabel}</strong>
          <ol aria-label={w.timeline}>{order.timeline.map((e) => <li key={e.id}><When at={e.createdAt} /> {e.actionLabel}{e.note ? `${colonOf(lang)}${e.note}` : ''}</li>)}</ol>
        </div>
      ) : null}
      <div className="console-form msg__body">
        <label>{w.note}<br /><input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} /></label>
        {choices.map((d) => <button key={d} type="button" className="button" disabled={busy} onClick={() => void decide(d)}>{label[d]}</button>)}
      </div>
    </article>
  );
}
