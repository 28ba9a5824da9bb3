// /home/shopManage/products/edit[?id=]: the product form of the seller's catalogue. Fields, lace
// attributes, pictures (upload with the cropper, order, cover), colour cards (name zh/en, colour, picture),
// the cut-plate price and the bulk ladder; saved whole through /shopProduct/create or /shopProduct/update.
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { ProductInput, SellerProductDetail } from '../../contracts/catalogue-seller';
import type { ImageRef } from '../../contracts/shop';
import { craftLabels, edgeLabels, patternTypeLabels, shapeLabels, stretchLabels, unitLabels } from '../../domain/catalogue';
import { checkColourCard, checkProductFields, CatalogueSellerCodes, CatalogueSellerLimits } from '../../domain/catalogue-seller';
import { PriceLadderLimits } from '../../domain/price-ladder';
import { messageFor } from '../../domain/code-messages';
import { catalogueSellerCodeMessages } from '../../domain/catalogue-seller-messages';
import { unwrap } from '../../api-client/results';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { SubmitButton, TextField } from '../../components/form-field';
import { ImageUpload } from '../../components/upload/image-upload';
import { CodeSelect, TextArea, numberOrNull, showNumber } from './fields';
import { ShopManageFrame } from './shop-nav';
import { productsWords } from './products.words';
import { SimilarNotice } from './similar-notice';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const id = Number(new URL(request.url).searchParams.get('id'));
  if (!Number.isInteger(id) || id < 1) return { product: null };
  return { product: unwrap(await api.get<SellerProductDetail>('/shopProduct/get', { id }, { signal: request.signal })) };
}

interface CardDraft { key: string; id?: number; name: string; nameEn: string; hex: string; image: ImageRef | null }
interface StepDraft { key: string; from: string; price: string }

let keys = 0;
const nextKey = () => `k${++keys}`;
const yuan = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const cents = (s: string): number | null => (s.trim() === '' ? null : Math.round(Number(s) * 100));

export function Component() {
  const { product } = useLoaderData<typeof loader>();
  const w = useWords(productsWords);
  const lang = useLang();
  const run = useApiAction();
  const navigate = useNavigate();
  const [kind, setKind] = useState(product?.kind ?? 1);
  const [title, setTitle] = useState(product?.title ?? '');
  const [titleEn, setTitleEn] = useState(product?.titleEn ?? '');
  const [code, setCode] = useState(product?.code ?? '');
  const [patternType, setPatternType] = useState<number | null>(product?.patternType ?? null);
  const [shape, setShape] = useState<number | null>(product?.shape ?? null);
  const [unit, setUnit] = useState<number | null>(product?.unit ?? null);
  const [width, setWidth] = useState(showNumber(product?.widthCm ?? null));
  const [weight, setWeight] = useState(showNumber(product?.weightPerMetre ?? null));
  const [composition, setComposition] = useState(product?.composition ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [descriptionEn, setDescriptionEn] = useState(product?.descriptionEn ?? '');
  const [edge, setEdge] = useState<number | null>(product?.edge ?? null);
  const [craft, setCraft] = useState<number | null>(product?.craft ?? null);
  const [stretch, setStretch] = useState<number | null>(product?.stretch ?? null);
  const [pictures, setPictures] = useState<ImageRef[]>(product?.pictures ?? []);
  const [cover, setCover] = useState(product?.cover?.path ?? '');
  const [cards, setCards] = useState<CardDraft[]>(product?.colourCards.map((c) => ({ key: nextKey(), id: c.id, name: c.name, nameEn: c.nameEn, hex: c.hex, image: c.image })) ?? [{ key: nextKey(), name: '', nameEn: '', hex: '#FFFFFF', image: null }]);
  const [platePrice, setPlatePrice] = useState(yuan(product?.platePrice ?? null));
  const [steps, setSteps] = useState<StepDraft[]>(product?.ladder.map((s) => ({ key: nextKey(), from: String(s.from), price: yuan(s.price) })) ?? []);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const move = (i: number, by: number) => setPictures((list) => {
    const next = [...list];
    const [p] = next.splice(i, 1);
    next.splice(Math.max(0, Math.min(next.length, i + by)), 0, p);
    return next;
  });
  const setCard = (key: string, patch: Partial<CardDraft>) => setCards((list) => list.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const setStep = (key: string, patch: Partial<StepDraft>) => setSteps((list) => list.map((s) => (s.key === key ? { ...s, ...patch } : s)));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body: ProductInput = {
      kind, title, titleEn, code, patternType: patternType ?? 0, shape: shape ?? 0, unit: unit ?? 0, widthCm: numberOrNull(width), weightPerMetre: numberOrNull(weight),
      composition, description, descriptionEn, edge, craft, stretch, platePrice: cents(platePrice),
      ladder: steps.map((s) => ({ from: Number(s.from), price: cents(s.price) ?? 0 })),
      pictures: pictures.map((p) => p.path), cover: pictures.some((p) => p.path === cover) ? cover : pictures[0]?.path,
      colourCards: cards.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, nameEn: c.nameEn, hex: c.hex, ...(c.image ? { image: c.image.path } : {}) })),
    };
    const broken = checkProductFields(body)
      ?? (body.pictures.length === 0 ? CatalogueSellerCodes.PRODUCT_PICTURES_REQUIRED : null)
      ?? (body.colourCards.length === 0 ? CatalogueSellerCodes.COLOUR_CARDS_REQUIRED : null)
      ?? body.colourCards.map(checkColourCard).find((c) => c !== null) ?? null;
    if (broken !== null) { setError(catalogueSellerCodeMessages[broken]?.[lang] ?? messageFor(broken, lang)); return; }
    setError('');
    setBusy(true);
    const envelope = await run((api) => (product ? api.post<SellerProductDetail>('/shopProduct/update', { id: product.id, ...body }) : api.post<SellerProductDetail>('/shopProduct/create', body)));
    setBusy(false);
    if (envelope?.code === 0) await navigate('/home/shopManage/products');
    else if (envelope) setError(envelope.message);
  }

  return (
    <ShopManageFrame title={product ? w.editProduct : w.newProduct} actions={<Link className="button" to="/home/shopManage/products">{w.cancel}</Link>}>
      {product ? <SimilarNotice similar={product.similarTo} /> : null}
      <form className="product-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <fieldset className="panel__section">
          <legend>{w.basics}</legend>
          <div className="form-grid">
            <CodeSelect label={w.kind} value={kind} onChange={(v) => setKind(v ?? 1)} table={{ 1: { zh: productsWords.kindPattern.zh, en: productsWords.kindPattern.en }, 2: { zh: productsWords.kindGarment.zh, en: productsWords.kindGarment.en } }} none={w.choose} required />
            <TextField label={w.code} value={code} onChange={setCode} required />
            <TextField label={w.productTitle} value={title} onChange={setTitle} required />
            <TextField label={w.productTitleEn} value={titleEn} onChange={setTitleEn} hint={w.optional} />
            <CodeSelect label={w.patternType} value={patternType} onChange={setPatternType} table={patternTypeLabels} none={w.choose} required />
            <CodeSelect label={w.shape} value={shape} onChange={setShape} table={shapeLabels} none={w.choose} required />
            <CodeSelect label={w.unit} value={unit} onChange={setUnit} table={unitLabels} none={w.choose} required />
            <TextField label={w.width} value={width} onChange={setWidth} inputMode="numeric" hint={w.optional} />
            <TextField label={w.weightPerMetre} value={weight} onChange={setWeight} inputMode="numeric" hint={w.weightHint} />
            <TextField label={w.composition} value={composition} onChange={setComposition} hint={w.optional} />
            <TextArea label={w.description} value={description} onChange={setDescription} max={CatalogueSellerLimits.descriptionMax} hint={w.optional} />
            <TextArea label={w.descriptionEn} value={descriptionEn} onChange={setDescriptionEn} max={CatalogueSellerLimits.descriptionMax} hint={w.optional} />
          </div>
        </fieldset>

        <fieldset className="panel__section">
          <legend>{w.attributes}</legend>
          <div className="form-grid">
            <CodeSelect label={w.edge} value={edge} onChange={setEdge} table={edgeLabels} none={w.none} />
            <CodeSelect label={w.craft} value={craft} onChange={setCraft} table={craftLabels} none={w.none} />
            <CodeSelect label={w.stretch} value={stretch} onChange={setStretch} table={stretchLabels} none={w.none} />
          </div>
        </fieldset>

        <fieldset className="panel__section" data-section="pictures">
          <legend>{w.pictures}</legend>
          <p className="field__hint">{w.picturesHint}</p>
          <ul className="picture-list">
            {pictures.map((p, i) => {
              const isCover = (cover || pictures[0]?.path) === p.path;
              return (
                <li key={p.path} className={`picture-list__item${isCover ? ' is-cover' : ''}`}>
                  <img src={p.url} alt="" width={96} height={96} />
                  {isCover ? <span className="badge">{w.cover}</span> : <button type="button" className="link-button" onClick={() => setCover(p.path)}>{w.setCover}</button>}
                  <span className="picture-list__actions">
                    <button type="button" className="link-button" disabled={i === 0} aria-label={w.moveLeft} onClick={() => move(i, -1)}>←</button>
                    <button type="button" className="link-button" disabled={i === pictures.length - 1} aria-label={w.moveRight} onClick={() => move(i, 1)}>→</button>
                    <button type="button" className="link-button link-button--danger" onClick={() => setPictures((list) => list.filter((x) => x.path !== p.path))}>{w.remove}</button>
                  </span>
                </li>
              );
            })}
          </ul>
          {pictures.length < CatalogueSellerLimits.picturesMax ? (
            <ImageUpload label={w.upload} multiple maxNum={CatalogueSellerLimits.picturesMax - pictures.length} crop={{ aspectRatio: 1 }}
              onDone={(list) => setPictures((old) => [...old, ...list.map((u) => ({ path: u.storeAs, url: u.result }))].slice(0, CatalogueSellerLimits.picturesMax))} />
          ) : null}
        </fieldset>

        <fieldset className="panel__section" data-section="colours">
          <legend>{w.colourCards}</legend>
          <ul className="record-list">
            {cards.map((c) => (
              <li key={c.key} className="record colour-draft">
                <div className="form-grid">
                  <TextField label={w.colourName} value={c.name} onChange={(v) => setCard(c.key, { name: v })} required />
                  <TextField label={w.colourNameEn} value={c.nameEn} onChange={(v) => setCard(c.key, { nameEn: v })} hint={w.optional} />
                  <div className="field">
                    <label className="field__label">{w.colourHex}
                      <input className="field__input colour-draft__hex" type="color" value={c.hex.toLowerCase()} onChange={(e) => setCard(c.key, { hex: e.target.value.toUpperCase() })} />
                    </label>
                  </div>
                  <div className="field">
                    <span className="field__label">{w.colourPicture}</span>
                    <div className="image-slot">
                      {c.image ? <img className="image-slot__preview" src={c.image.url} alt="" width={48} height={48} /> : null}
                      <ImageUpload label={w.upload} crop={{ aspectRatio: 1 }} onDone={(list) => { if (list[0]) setCard(c.key, { image: { path: list[0].storeAs, url: list[0].result } }); }} />
                    </div>
                  </div>
                </div>
                {cards.length > 1 ? <button type="button" className="link-button link-button--danger" onClick={() => setCards((list) => list.filter((x) => x.key !== c.key))}>{w.remove}</button> : null}
              </li>
            ))}
          </ul>
          {cards.length < CatalogueSellerLimits.colourCardsMax ? (
            <button type="button" className="button" onClick={() => setCards((list) => [...list, { key: nextKey(), name: '', nameEn: '', hex: '#FFFFFF', image: null }])}>{w.addColour}</button>
          ) : null}
        </fieldset>

        <fieldset className="panel__section" data-section="prices">
          <legend>{w.prices}</legend>
          <p>{w.sampleFree}</p>
          <div className="form-grid">
            <TextField label={w.platePriceLabel} value={platePrice} onChange={setPlatePrice} inputMode="decimal" />
          </div>
          <p className="field__label">{w.ladder}</p>
          {steps.length === 0 ? <p className="muted">{w.ladderEmpty}</p> : null}
          <ol className="ladder-editor">
            {steps.map((s) => (
              <li key={s.key} className="ladder-editor__step">
                <TextField label={w.ladderFrom} value={s.from} onChange={(v) => setStep(s.key, { from: v })} inputMode="numeric" />
                <TextField label={w.ladderPrice} value={s.price} onChange={(v) => setStep(s.key, { price: v })} inputMode="decimal" />
                <button type="button" className="link-button link-button--danger" onClick={() => setSteps((list) => list.filter((x) => x.key !== s.key))}>{w.remove}</button>
              </li>
            ))}
          </ol>
          {steps.length < PriceLadderLimits.maxSteps ? <button type="button" className="button" onClick={() => setSteps((list) => [...list, { key: nextKey(), from: '', price: '' }])}>{w.addStep}</button> : null}
        </fieldset>

        {error ? <p className="field__error" role="alert">{error}</p> : null}
        <div className="record__actions">
          <SubmitButton busy={busy} busyLabel={w.saving}>{w.save}</SubmitButton>
        </div>
      </form>
    </ShopManageFrame>
  );
}
