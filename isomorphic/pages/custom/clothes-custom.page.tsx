// /home/clothes/custom: a custom garment request (SPEC §3, §5): fabric coding, colour, occasion, style, an
// age range 1–100 whose maximum is not below its minimum, optional quantity, remark and up to 3 images
// (each cropped first); checked here with messages in both languages, then POST /clothes/customProduct.
import { useRef, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useLoaderData, useLocation, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { CustomRequest } from '../../api-client/catalogue-types';
import { Codes, messageFor } from '../../domain/codes';
import { CustomLimits } from '../../domain/custom-request';
import { loginPath } from '../../data-strategy';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { browserApi } from '../../components/browser-api';
import { SubmitButton, TextField, focusFirstInvalid } from '../../components/form-field';
import { ImageUpload, UploadedList, type UploadedImage } from '../../components/upload/image-upload';
import { SeoHead } from '../../components/seo-head';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { customWords } from './custom.words';
import { garmentErrors, toNumber, type Errors, type GarmentField } from './custom-fields';
import { MyRequests, loadMyRequests } from './my-requests';

const EMPTY = { fabricCoding: '', colour: '', occasion: '', style: '', ageMin: '', ageMax: '', quantity: '', remark: '' };
type Values = typeof EMPTY;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, stores, publicUrl } = loaderDeps(context);
  const requests = await loadMyRequests(api, 'garment', stores.auth.isAuthenticated, request.signal);
  return { requests, publicUrl };
}

export const Component = observer(function ClothesCustomPage() {
  const { requests, publicUrl } = useLoaderData<typeof loader>();
  const { auth } = useStores();
  const w = useWords(customWords);
  const location = useLocation();
  return (
    <>
      <SeoHead title={w.garmentTitle} description={w.garmentIntro} publicUrl={publicUrl} path="/home/clothes/custom" />
      <div className="custom">
        <header className="hero">
          <h1 className="hero__title">{w.garmentTitle}</h1>
          <p className="hero__subtitle">{w.garmentIntro}</p>
        </header>
        {auth.isAuthenticated ? <GarmentForm /> : (
          <p className="custom__login">{w.loginHint} <Link className="button button--primary" to={loginPath(location)}>{w.loginToSubmit}</Link></p>
        )}
        {requests ? <MyRequests requests={requests as CustomRequest[]} /> : null}
        <p className="custom__other"><Link to="/flower/custom">{w.otherPattern}</Link></p>
      </div>
    </>
  );
});

const GarmentForm = observer(function GarmentForm() {
  const w = useWords(customWords);
  const lang = useLang();
  const { auth, toasts } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors<GarmentField>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // A new control after each submission: no message of the last one stays behind.
  const [round, setRound] = useState(0);
  const msg = (code: number | undefined) => (code === undefined ? undefined : messageFor(code, lang));
  const set = (k: keyof Values) => (v: string) => { setValues({ ...values, [k]: v }); setDone(false); };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      fabricCoding: values.fabricCoding.trim(),
      colour: values.colour.trim(),
      occasion: values.occasion.trim(),
      style: values.style.trim(),
      ageMin: toNumber(values.ageMin),
      ageMax: toNumber(values.ageMax),
      quantity: values.quantity.trim() === '' ? undefined : toNumber(values.quantity),
      remark: values.remark.trim() || undefined,
      images: images.length > 0 ? images.map((i) => i.storeAs) : undefined,
    };
    const found = garmentErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const res = await browserApi().post<CustomRequest>('/clothes/customProduct', body);
      if (res.code === Codes.OK) {
        setValues(EMPTY);
        setImages([]);
        setDone(true);
        setRound(round + 1);
        toasts.success(w.submitted);
        await revalidator.revalidate();
      } else if (res.code === Codes.SESSION_EXPIRED) {
        auth.expire();
        void navigate(loginPath(location));
      } else {
        toasts.error(res.message || w.failed);
        const field: GarmentField = res.code === Codes.CUSTOM_AGE_RANGE || res.code === Codes.CUSTOM_AGE_ORDER ? 'ageMax' : res.code === Codes.CUSTOM_QUANTITY_INVALID ? 'quantity' : 'fabricCoding';
        setErrors({ [field]: res.code });
      }
    } catch {
      toasts.error(w.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="custom__form panel" noValidate onSubmit={(e) => void submit(e)}>
      <div className="custom__row">
        <TextField label={w.fabricCoding} name="fabricCoding" required maxLength={CustomLimits.fieldMax + 10} value={values.fabricCoding} onChange={set('fabricCoding')} error={msg(errors.fabricCoding)} />
        <TextField label={w.colour} name="colour" required maxLength={CustomLimits.fieldMax + 10} value={values.colour} onChange={set('colour')} error={msg(errors.colour)} />
      </div>
      <div className="custom__row">
        <TextField label={w.occasion} name="occasion" required maxLength={CustomLimits.fieldMax + 10} value={values.occasion} onChange={set('occasion')} error={msg(errors.occasion)} />
        <TextField label={w.style} name="style" required maxLength={CustomLimits.fieldMax + 10} value={values.style} onChange={set('style')} error={msg(errors.style)} />
      </div>
      <fieldset className="custom__ages">
        <legend className="field__label">{w.ageRange}</legend>
        <div className="custom__row">
          <TextField label={w.ageMin} name="ageMin" type="number" inputMode="numeric" min={CustomLimits.ageMin} max={CustomLimits.ageMax} step="1" required value={values.ageMin} onChange={set('ageMin')} error={msg(errors.ageMin)} />
          <TextField label={w.ageMax} name="ageMax" type="number" inputMode="numeric" min={CustomLimits.ageMin} max={CustomLimits.ageMax} step="1" required value={values.ageMax} onChange={set('ageMax')} error={msg(errors.ageMax)} />
          <TextField label={w.quantityOptional} name="quantity" type="number" inputMode="numeric" min="1" step="1" value={values.quantity} onChange={set('quantity')} error={msg(errors.quantity)} />
        </div>
      </fieldset>
      <div className={`field${errors.remark ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="garment-remark">{w.remark}</label>
        <textarea id="garment-remark" className="field__input custom__remark" name="remark" rows={3} value={values.remark} onChange={(e) => set('remark')(e.target.value)} aria-invalid={errors.remark ? true : undefined} />
        {errors.remark ? <p className="field__error">{msg(errors.remark)}</p> : null}
      </div>
      <fieldset className="field custom__images">
        <legend className="field__label">{w.imagesOptional}</legend>
        <UploadedList images={images} onRemove={(s) => setImages(images.filter((i) => i.storeAs !== s))} />
        {images.length < CustomLimits.maxImages ? (
          <ImageUpload key={round} crop={{}} onDone={(list) => setImages([...images, ...list].slice(0, CustomLimits.maxImages))} />
        ) : null}
        {errors.images ? <p className="field__error">{msg(errors.images)}</p> : null}
      </fieldset>
      <div className="custom__actions">
        <SubmitButton busy={busy} busyLabel={w.submitting}>{w.submit}</SubmitButton>
        {done ? <p className="custom__done" role="status">{w.submitted}</p> : null}
      </div>
    </form>
  );
});
