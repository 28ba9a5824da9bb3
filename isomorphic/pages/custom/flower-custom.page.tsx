// /flower/custom: a custom pattern request (SPEC §3): up to 3 reference images through the upload control,
// width and height in cm, quantity and a remark; every rule checked here with its message in both
// languages, then POST /flower/customPattern. The buyer's requests are listed under the form.
import { observer } from 'mobx-react-lite';
import { useLoaderData } from 'react-router';
import { Codes } from '../../domain/codes';
import { CustomLimits } from '../../domain/custom-request';
import { SubmitButton, TextField } from '../../components/form-field';
import { ImageUpload, UploadedList } from '../../components/upload/image-upload';
import { useWords } from '../../components/use-words';
import { customWords } from './custom.words';
import { patternErrors, toNumber, type PatternField } from './custom-fields';
import { CustomShell, customLoader, useCustomForm } from './custom-shell';

export const loader = customLoader('pattern');

export const Component = observer(function FlowerCustomPage() {
  const loaded = useLoaderData<typeof loader>();
  const w = useWords(customWords);
  return (
    <CustomShell title={w.patternTitle} intro={w.patternIntro} path="/flower/custom" other={{ to: '/home/clothes/custom', label: w.otherCustom }}
      loaded={loaded} form={<PatternForm />} />
  );
});

const EMPTY = { widthCm: '', heightCm: '', quantity: '', remark: '' };

const PatternForm = observer(function PatternForm() {
  const w = useWords(customWords);
  const { form, images, setImages, values, set, errors, setErrors, msg, busy, done, setDone, round, submit } = useCustomForm({
    empty: EMPTY,
    url: '/flower/customPattern',
    body: (v, imgs) => ({ images: imgs.map((i) => i.storeAs), widthCm: toNumber(v.widthCm), heightCm: toNumber(v.heightCm), quantity: toNumber(v.quantity), remark: v.remark.trim() || undefined }),
    check: patternErrors,
    fieldOf: (code): PatternField => (code === Codes.CUSTOM_SIZE_INVALID ? 'widthCm' : code === Codes.CUSTOM_QUANTITY_INVALID ? 'quantity' : 'images'),
  });

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
