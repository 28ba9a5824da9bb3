// /buy/{id}: one purchase request. Merchants and its buyer read the details; anyone else gets the teaser
// and the api's reason (SPEC §6). The buyer compares the responses side by side (prices in the request's
// unit) and chooses one, which places the bulk order; a supplier sends, edits or withdraws its response,
// optionally naming one of its company's products on sale. The buyer republishes a closed or cancelled
// request, optionally with a new picture (the photo matching runs on it again).
import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { PurchaseMatches, PurchaseResponse, PurchaseView } from '../../contracts/purchase';
import type { SellerProductPage } from '../../contracts/catalogue-seller';
import { Unit, unitLabels } from '../../domain/catalogue';
import { Codes } from '../../domain/codes';
import { byLang, formatDateTime, formatPrice, semicolonOf } from '../../domain/format';
import { Limits } from '../../domain/limits';
import { unwrap } from '../../api-client/results';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { SeoHead } from '../../components/seo-head';
import { useApiAction } from '../../components/use-api-action';
import { useReloadingAction } from '../../components/use-reloading-action';
import { useLang } from '../../components/use-lang';
import { useTimeZone } from '../../components/when';
import { fill, useWords } from '../../components/use-words';
import { tradeWords } from './trade.words';
import { PurchaseLimits } from '../../domain/purchase';
import { PriceLadderLimits } from '../../domain/price-ladder';
import { ImageUpload, UploadedList, type UploadedImage } from '../../components/upload/image-upload';
import { AskSeller } from '../enquiry/ask-seller';
import { TradeDetailFrame } from './trade-parts';
import { EnquiryTarget } from '../../domain/enquiry';
import { PurchaseStatus } from '../../domain/purchase';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, stores, publicUrl } = loaderDeps(context);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new Response('Not Found', { status: 404 });
  const view = unwrap(await api.get<PurchaseView>('/productBuy/get', { id }, { signal: request.signal }));
  let responses: PurchaseResponse[] = [];
  let matches: PurchaseMatches | null = null;
  let products: OfferedProduct[] = [];
  if (view.detail && stores.auth.isAuthenticated) {
    const supplier = !view.detail.mine && view.detail.actions.includes('respond');
    const [e, m, p] = await Promise.all([
      api.get<PurchaseResponse[]>('/productBuy/responses', { id }, { signal: request.signal }).catch(() => null),
      view.detail.mine ? api.get<PurchaseMatches>('/productBuy/matches', { id }, { signal: request.signal }).catch(() => null) : null,
      // A supplier may name one of its products on sale in the response (the newest ones, as many as a page holds).
      supplier ? api.post<SellerProductPage>('/shopProduct/list', { pageNum: 1, pageSize: Limits.maxPageSize, status: 'onSale' }, { signal: request.signal }).catch(() => null) : null,
    ]);
    if (e?.code === Codes.OK) responses = e.data;
    if (m?.code === Codes.OK) matches = m.data;
    if (p?.code === Codes.OK) products = p.data.list.map((x) => ({ id: x.id, title: x.title, titleEn: x.titleEn, code: x.code }));
  }
  return { id, view, responses, matches, products, publicUrl };
}

interface OfferedProduct { id: number; title: string; titleEn: string; code: string }

export const Component = observer(function BuyDetailPage() {
  const { id, view, responses, matches, products, publicUrl } = useLoaderData<typeof loader>();
  const w = useWords(tradeWords);
  const lang = useLang();
  const zone = useTimeZone();
  const t = view.teaser;
  const d = view.detail;
  const title = d ? d.description : `${t.catalogueLabel} · ${t.sampleTypeLabel}`;
  const own = responses.find((r) => r.companyId !== 0 && !d?.mine);
  return (
    <>
      <SeoHead title={`${w.buyDetail} #${id}`} description={`${t.catalogueLabel} · ${t.sampleTypeLabel} · ${t.statusLabel}`} publicUrl={publicUrl} path={`/buy/${id}`} />
      <TradeDetailFrame
        data={{ 'data-request': id }} hall={{ href: '/supplyAndBuy', label: w.hallTitle }} crumb={w.buyDetail}
        image={d ? { url: d.imageUrl, alt: d.description } : null} title={title} hidden={view.hidden}
        facts={(
          <>
            <div><dt>{w.status}</dt><dd data-status={t.status}>{t.statusLabel}</dd></div>
            <div><dt>{w.catalogue}</dt><dd>{t.catalogueLabel}</dd></div>
            <div><dt>{w.sampleType}</dt><dd>{t.sampleTypeLabel}</dd></div>
            {d ? <div><dt>{w.quantity}</dt><dd>{d.quantity} {t.unitLabel}</dd></div> : null}
            {d ? <div><dt>{w.acceptProduce}</dt><dd>{d.acceptProduce ? w.yes : w.no}</dd></div> : null}
            <div><dt>{w.deadline}</dt><dd>{formatDateTime(t.deadline, lang, zone)}</dd></div>
            <div><dt>{w.compare}</dt><dd>{fill(w.responses, { n: t.responseCount })}</dd></div>
          </>
        )}
        after={(
          <>
            {d?.mine && matches ? <Matches id={id} initial={matches} /> : null}
            {d?.mine ? <Compare id={id} responses={responses} canSelect={d.actions.includes('select')} unitLabel={t.unitLabel} quantity={d.quantity} /> : null}
            {d && !d.mine && (d.actions.includes('respond') || own) ? <RespondForm requestId={id} requestUnit={t.unit} own={own ?? null} open={d.actions.includes('respond')} products={products} /> : null}
          </>
        )}
      >
        {d?.mine ? <BuyerActions id={id} actions={d.actions} /> : null}
        {d && !d.mine && t.status === PurchaseStatus.IN_PURCHASE ? <AskSeller kind={EnquiryTarget.PURCHASE} targetId={id} toBuyer /> : null}
        {d?.orderId && d.mine ? <p><Link className="button" to={`/home/person/orderDetail/${d.orderId}`}>{w.openOrder}</Link></p> : null}
      </TradeDetailFrame>
    </>
  );
});

/** Poll interval while the photo matching of the request's picture runs (it takes about a second). */
const MATCH_POLL_MS = 1500;

/**
 * The buyer's view of the photo matching: a progress state while the run is pending (polled), then the
 * matching patterns on sale with their similarity and company, each linking to its product page.
 */
function Matches({ id, initial }: { id: number; initial: PurchaseMatches }) {
  const w = useWords(tradeWords);
  const lang = useLang();
  const [m, setM] = useState(initial);
  useEffect(() => setM(initial), [initial]);
  useEffect(() => {
    if (m.state !== 'pending') return;
    let live = true;
    const timer = setTimeout(() => {
      void loaderDeps(undefined).api.get<PurchaseMatches>('/productBuy/matches', { id })
        .then((e) => { if (live && e.code === Codes.OK) setM(e.data); })
        .catch(() => { if (live) setM({ ...m }); }); // try again after the next interval
    }, MATCH_POLL_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [id, m]);
  return (
    <section className="panel trade-matches" aria-labelledby="matches-title" data-matches={m.state}>
      <h2 id="matches-title" className="panel__title">{w.matchesTitle}</h2>
      {m.state === 'pending' ? <p className="trade-matches__pending muted" role="status">{w.matchesPending}</p> : null}
      {m.state === 'failed' ? <p className="muted">{w.matchesFailed}</p> : null}
      {(m.state === 'done' || m.state === 'none') && m.list.length === 0 ? <p className="empty">{w.matchesNone}</p> : null}
      {m.list.length ? (
        <>
          <p className="muted">{w.matchesHint}</p>
          <ul className="trade-matches__list">
            {m.list.map((p) => (
              <li key={p.productId} className="trade-match" data-match={p.productId}>
                <Link to={`/flower/${p.productId}`}><img src={p.coverUrl} alt="" width={160} height={160} loading="lazy" /></Link>
                <Link className="trade-match__title" to={`/flower/${p.productId}`}>{lang === 'en' && p.titleEn ? p.titleEn : p.title}</Link>
                <span className="muted">{p.code} · {lang === 'en' && p.companyNameEn ? p.companyNameEn : p.companyName}</span>
                <span className="muted">{fill(w.similarity, { n: Math.round(p.score * 100) })}{p.price !== null && p.price >= 0 ? ` · ${formatPrice(p.price, lang)}` : ''}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * The buyer's moves on the request. A closed or cancelled request can be republished for 7 days, with
 * the picture it has or a new one the buyer uploads here (the api re-runs the photo matching on it).
 */
const BuyerActions = observer(function BuyerActions({ id, actions }: { id: number; actions: string[] }) {
  const w = useWords(tradeWords);
  const { busy, act: reload } = useReloadingAction();
  const [picture, setPicture] = useState<UploadedImage | null>(null);
  const shown = (['success', 'close', 'finish', 'cancel', 'republish'] as const).filter((a) => actions.includes(a));
  if (!shown.length) return null;
  async function act(action: (typeof shown)[number]) {
    const deadline = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const republish = action === 'republish' ? { deadline, ...(picture ? { imagePath: picture.storeAs } : {}) } : {};
    if (await reload((api) => api.post('/productBuy/act', { id, action, ...republish }), w.done)) setPicture(null);
  }
  return (
    <>
      {shown.includes('republish') ? (
        <fieldset className="field trade-republish" data-republish-picture="">
          <legend className="field__label">{w.republishPicture}</legend>
          <p className="muted">{w.republishPictureHint}</p>
          {picture ? <UploadedList images={[picture]} onRemove={() => setPicture(null)} /> : <ImageUpload disabled={busy} onDone={(list) => setPicture(list[0] ?? null)} />}
        </fieldset>
      ) : null}
      <p className="trade__actions">
        {shown.map((a) => <button key={a} type="button" className={`button button--small${a === 'success' || a === 'republish' ? ' button--primary' : ''}`} disabled={busy} data-act={a} onClick={() => void act(a)}>{a === 'republish' && picture ? w.act_republishWithPicture : w[`act_${a}`]}</button>)}
      </p>
    </>
  );
});

function Ladder({ steps, unit }: { steps: Array<{ from: number; price: number }>; unit: string }) {
  const lang = useLang();
  return <>{steps.map((s) => `≥${s.from} ${unit}: ${formatPrice(s.price, lang)}`).join(semicolonOf(lang))}</>;
}

const Compare = observer(function Compare({ id, responses, canSelect, unitLabel, quantity }: { id: number; responses: PurchaseResponse[]; canSelect: boolean; unitLabel: string; quantity: number }) {
  const w = useWords(tradeWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const { toasts } = useStores();
  const [busy, setBusy] = useState(false);
  async function select(responseId: number) {
    setBusy(true);
    try {
      const e = await run((api) => api.post<{ orderId: number }>('/productBuy/select', { requestId: id, responseId }));
      if (e?.code === Codes.OK) {
        toasts.success(w.selected);
        await revalidator.revalidate();
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="panel" aria-labelledby="compare-title">
      <h2 id="compare-title" className="panel__title">{w.compare}</h2>
      <p className="muted">{w.compareHint}</p>
      {responses.length === 0 ? <p className="empty">{w.noResponses}</p> : (
        <div className="table-scroll">
          <table className="trade-compare">
            <thead><tr><th>{w.company}</th><th>{w.priceForQty} ({quantity} {unitLabel})</th><th>{w.ladder} ({unitLabel})</th><th>{w.minimum}</th><th>{w.leadDays}</th><th>{w.cutSample}</th><th>{w.note}</th><th>{w.status}</th><th /></tr></thead>
            <tbody>
              {responses.map((r) => (
                <tr key={r.id} data-response={r.id}>
                  <td>
                    {lang === 'en' && r.companyNameEn ? r.companyNameEn : r.companyName}
                    {r.product ? (
                      <span className="trade-compare__product">{w.responseProduct}: <Link to={`/flower/${r.product.id}`} data-response-product={r.product.id}>{r.product.code} {byLang(lang, r.product.title, r.product.titleEn)}</Link></span>
                    ) : null}
                  </td>
                  <td className="trade-compare__price">{r.priceForRequest === null ? w.belowMinimum : formatPrice(r.priceForRequest, lang)}</td>
                  <td><Ladder steps={r.normalisedLadder} unit={unitLabel} /></td>
                  <td>{r.minimum} {r.unitLabel}</td>
                  <td>{r.leadDays}</td>
                  <td>{r.cutSample ? w.yes : w.no}</td>
                  <td>{r.note}{r.pictureUrls.length ? <span className="trade-compare__pictures">{r.pictureUrls.map((u) => <a key={u} href={u} target="_blank" rel="noreferrer"><img src={u} alt="" width={40} height={40} loading="lazy" /></a>)}</span> : null}</td>
                  <td>{r.statusLabel}</td>
                  <td>{canSelect ? <button type="button" className="button button--small button--primary" disabled={busy} data-select={r.id} onClick={() => void select(r.id)}>{w.select}</button> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});

const RespondForm = observer(function RespondForm({ requestId, requestUnit, own, open, products }: { requestId: number; requestUnit: number; own: PurchaseResponse | null; open: boolean; products: OfferedProduct[] }) {
  const w = useWords(tradeWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const { act: reload } = useReloadingAction();
  const rows = (own?.ladder ?? []).map((s) => ({ from: String(s.from), price: (s.price / 100).toFixed(2) }));
  while (rows.length < 3) rows.push({ from: '', price: '' });
  const [ladder, setLadder] = useState(rows);
  // Pictures of the offered lace, up to the api's limit; kept as stored paths with their addresses.
  const [pictures, setPictures] = useState<UploadedImage[]>((own?.pictures ?? []).map((p, i) => ({ size: 0, name: '', result: '', storeAs: p, url: own?.pictureUrls[i] ?? '' })));
  // The product the response names: kept only while it is among the company's products on sale.
  const [productId, setProductId] = useState(own?.product && products.some((p) => p.id === own.product?.id) ? String(own.product.id) : '');
  const [v, setV] = useState({ unit: String(own?.unit ?? requestUnit), perUnit: String(own?.perUnit ?? 1), leadDays: String(own?.leadDays ?? 15), cutSample: own?.cutSample ?? true, note: own?.note ?? '' });
  const [busy, setBusy] = useState(false);
  const editable = open && (!own || own.status === 1);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const steps = ladder.filter((s) => s.from.trim() && s.price.trim()).map((s) => ({ from: Math.round(Number(s.from)), price: Math.round(Number(s.price) * 100) }));
    const body = { ladder: steps, unit: Number(v.unit), perUnit: Number(v.perUnit) || 0, leadDays: Math.round(Number(v.leadDays)), cutSample: v.cutSample, pictures: pictures.map((p) => p.storeAs), note: v.note, ...(productId ? { productId: Number(productId) } : {}) };
    setBusy(true);
    try {
      const res = own && own.status === 1
        ? await run((api) => api.post('/buyTask/editResponse', { id: own.id, ...body }))
        : await run((api) => api.post('/buyTask/respond', { requestId, ...body }));
      if (res?.code === Codes.OK) await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }
  async function withdraw() {
    if (!own) return;
    await reload((api) => api.post('/buyTask/withdrawResponse', { id: own.id }), w.done);
  }
  return (
    <section className="panel" aria-labelledby="respond-title">
      <h2 id="respond-title" className="panel__title">{w.respondTitle}{own ? ` · ${own.statusLabel}` : ''}</h2>
      {own ? (
        <p className="muted" data-own-response={own.id}>
          {w.ladder}: <Ladder steps={own.ladder} unit={own.unitLabel} /> · {w.leadDays} {own.leadDays}
          {own.product ? <> · {w.offeredProduct}: <Link to={`/flower/${own.product.id}`} data-own-product={own.product.id}>{own.product.code} {byLang(lang, own.product.title, own.product.titleEn)}</Link></> : null}
        </p>
      ) : null}
      {editable ? (
        <form className="trade-form" onSubmit={(e) => void submit(e)} data-respond={requestId}>
          {ladder.map((s, i) => (
            <div className="trade-form__row" key={i}>
              <label className="field"><span className="field__label">{w.from}</span><input className="field__input" name={`from${i}`} type="number" min="1" step="1" value={s.from} onChange={(e) => setLadder(ladder.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)))} /></label>
              <label className="field"><span className="field__label">{w.price}</span><input className="field__input" name={`price${i}`} type="number" min="0.01" step="0.01" value={s.price} onChange={(e) => setLadder(ladder.map((x, j) => (j === i ? { ...x, price: e.target.value } : x)))} /></label>
            </div>
          ))}
          {ladder.length < PriceLadderLimits.maxSteps ? (
            <p><button type="button" className="button button--small" data-add-step="" onClick={() => setLadder([...ladder, { from: '', price: '' }])}>{w.addStep}</button></p>
          ) : null}
          <div className="trade-form__row">
            <label className="field"><span className="field__label">{w.unit}</span>
              <select className="field__input" name="unit" value={v.unit} onChange={(e) => setV({ ...v, unit: e.target.value })}>
                {Object.values(Unit).map((u) => <option key={u} value={u}>{unitLabels[u][lang]}</option>)}
              </select></label>
            {Number(v.unit) !== requestUnit ? <label className="field"><span className="field__label">{w.perUnit}</span><input className="field__input" name="perUnit" type="number" min="0.001" step="0.001" value={v.perUnit} onChange={(e) => setV({ ...v, perUnit: e.target.value })} /></label> : null}
            <label className="field"><span className="field__label">{w.leadDays}</span><input className="field__input" name="leadDays" type="number" min="0" max="365" value={v.leadDays} onChange={(e) => setV({ ...v, leadDays: e.target.value })} /></label>
          </div>
          <label className="field"><span className="field__label">{w.offeredProduct}</span>
            <select className="field__input" name="productId" value={productId} onChange={(e) => setProductId(e.target.value)}>
              <option value="">{products.length ? w.noProduct : w.noProductOnSale}</option>
              {products.map((p) => <option key={p.id} value={p.id}>{p.code} {byLang(lang, p.title, p.titleEn)}</option>)}
            </select></label>
          <label className="trade-form__check"><input type="checkbox" name="cutSample" checked={v.cutSample} onChange={(e) => setV({ ...v, cutSample: e.target.checked })} /> {w.cutSample}</label>
          <fieldset className="field">
            <legend className="field__label">{fill(w.responsePictures, { n: PurchaseLimits.responseMaxPictures })}</legend>
            <UploadedList images={pictures} onRemove={(storeAs) => setPictures(pictures.filter((p) => p.storeAs !== storeAs))} />
            {pictures.length < PurchaseLimits.responseMaxPictures ? (
              <ImageUpload multiple maxNum={PurchaseLimits.responseMaxPictures - pictures.length} onDone={(list) => setPictures([...pictures, ...list].slice(0, PurchaseLimits.responseMaxPictures))} />
            ) : null}
          </fieldset>
          <label className="field"><span className="field__label">{w.note}</span><input className="field__input" name="note" maxLength={200} value={v.note} onChange={(e) => setV({ ...v, note: e.target.value })} /></label>
          <p className="trade__actions">
            <button type="submit" className="button button--primary" disabled={busy}>{own && own.status === 1 ? w.saveResponse : w.sendResponse}</button>
            {own && own.status === 1 ? <button type="button" className="button" onClick={() => void withdraw()}>{w.withdraw}</button> : null}
          </p>
        </form>
      ) : null}
    </section>
  );
});
