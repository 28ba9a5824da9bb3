// /flower/custom: a custom pattern request (SPEC §3): up to 3 reference images through the upload control,
// width and height in cm, quantity and a remark; every rule checked here with its message in both
// languages, then POST /flower/customPattern. The buyer's requests are listed under the form.
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
import { patternErrors, toNumber, type Errors, type PatternField } from './custom-fields';
import { MyRequests, loadMyRequests } from './my-requests';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, stores, publicUrl } = loaderDeps(context);
  const requests = await loadMyRequests(api, 'pattern', stores.auth.isAuthenticated, request.signal);
  return { requests, publicUrl };
}

export const Component = observer(function FlowerCustomPage() {
  const { requests, publicUrl } = useLoaderData<typeof loader>();
  const { auth } = useStores();
  const w = useWords(customWords);
  const location = useLocation();
  return (
    <>
      <SeoHead title={w.patternTitle} description={w.patternIntro} publicUrl={publicUrl} path="/flower/custom" />
      <div className="custom">
        <header className="hero">
          <h1 className="hero__title">{w.patternTitle}</h1>
          <p className="hero__subtitle">{w.patternIntro}</p>
        </header>
        {auth.isAuthenticated ? <PatternForm /> : (
          <p className="custom__login">{w.loginHint} <Link className="button button--primary" to={loginPath(location)}>{w.loginToSubmit}</Link></p>
        )}
        {requests ? <MyRequests requests={requests as CustomRequest[]} /> : null}
        <p className="custom__other"><Link to="/home/clothes/custom">{w.otherCustom}</Link></p>
      </div>
    </>
  );
});

const PatternForm = observer(function PatternForm() {
  const w = useWords(customWords);
  const lang = useLang();
  const { auth, toasts } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [images, setImages] = useState<UploadedImage[]>([]);
  const [values, setValues] = useState({ widthCm: '', heightCm: '', quantity: '', remark: '' });
  const [errors, setErrors] = useState<Errors<PatternField>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // A new control after each submission: no message of the last one stays behind.
  const [round, setRound] = useState(0);
  const msg = (code: number | undefined) => (code === undefined ? undefined : messageFor(code, lang));
  const set = (k: keyof typeof values) => (v: string) => { setValues({ ...values, [k]: v }); setDone(false); };

  function input() {
    return { images: images.map((i) => i.storeAs), widthCm: toNumber(values.widthCm), heightCm: toNumber(values.heightCm), quantity: toNumber(values.quantity), remark: values.remark.trim() || undefined };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = input();
    const found = patternErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const res = await browserApi().post<CustomRequest>('/flower/customPattern', body);
      if (res.code === Codes.OK) {
        setImages([]);
        setValues({ widthCm: '', heightCm: '', quantity: '', remark: '' });
        setDone(true);
        setRound(round + 1);
        toasts.success(w.submitted);
        await revalidator.revalidate();
      } else if (res.code === Codes.SESSION_EXPIRED) {
        auth.expire();
        void navigate(loginPath(location));
      } else {
        toasts.error(res.message || w.failed);
        setErrors(res.code === Codes.CUSTOM_SIZE_INVALID ? { widthCm: res.code } : res.code === Codes.CUSTOM_QUANTITY_INVALID ? { quantity: res.code } : { images: res.code });
      }
    } catch {
      toasts.error(w.failed);
    } finally {
      setBusy(false);
    }
  }

  const left = CustomLimits.maxImages - images.length;
  return (
    <form ref={form} className="custom__form panel" noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="field custom__images" aria-invalid={errors.images ? true : undefined} aria-describedby={errors.images ? 'custom-images-error' : undefined}>
        <legend className="field__label">{w.images}</legend>
        <UploadedList images={images} onRemove={(s) => setImages(images.filter((i) => i.storeAs !== s))} />
        {left > 0 ? (
          <ImageUpload key={round} multiple maxNum={left} onBegin={() => setDone(false)} onDone={(list) => { setImages([...images, ...list].slice(0, CustomLimits.maxImages)); setErrors({ ...errors, images: undefined }); }} />
        ) : null}
        {errors.images ? <p className="field__error" id="custom-images-error" tabIndex={-1}>{msg(errors.images)}</p> : null}
      </fieldset>
      <div className="custom__row">
        <TextField label={w.width} name="widthCm" type="number" inputMode="decimal" min="0" step="0.1" required value={values.widthCm} onChange={set('widthCm')} error={msg(errors.widthCm)} />
        <TextField label={w.height} name="heightCm" type="number" inputMode="decimal" min="0" step="0.1" required value={values.heightCm} onChange={set('heightCm')} error={msg(errors.heightCm)} />
        <TextField label={w.quantity} name="quantity" type="number" inputMode="numeric" min="1" step="1" required value={values.quantity} onChange={set('quantity')} error={msg(errors.quantity)} />
      </div>
      <div className={`field${errors.remark ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="custom-remark">{w.remark}</label>
        <textarea id="custom-remark" className="field__input custom__remark" name="remark" rows={3} maxLength={CustomLimits.remarkMax + 50} value={values.remark} onChange={(e) => set('remark')(e.target.value)} aria-invalid={errors.remark ? true : undefined} />
        {errors.remark ? <p className="field__error">{msg(errors.remark)}</p> : null}
      </div>
      <div className="custom__actions">
        <SubmitButton busy={busy} busyLabel={w.submitting}>{w.submit}</SubmitButton>
        {done ? <p className="custom__done" role="status">{w.submitted}</p> : null}
      </div>
    </form>
  );
});
