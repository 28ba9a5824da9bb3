// /home/clothes/custom: a custom garment request (SPEC §3, §5): fabric coding, colour, occasion, style, an
// age range 1–100 whose maximum is not below its minimum, optional quantity, remark and up to 3 images
// (each cropped first); checked here with messages in both languages, then POST /clothes/customProduct.
import { observer } from 'mobx-react-lite';
import { useLoaderData } from 'react-router';
import { Codes } from '../../domain/codes';
import { CustomLimits } from '../../domain/custom-request';
import { SubmitButton, TextField } from '../../components/form-field';
import { ImageUpload, UploadedList } from '../../components/upload/image-upload';
import { useWords } from '../../components/use-words';
import { customWords } from './custom.words';
import { garmentErrors, toNumber, type GarmentField } from './custom-fields';
import { CustomShell, customLoader, useCustomForm } from './custom-shell';

const EMPTY = { fabricCoding: '', colour: '', occasion: '', style: '', ageMin: '', ageMax: '', quantity: '', remark: '' };

export const loader = customLoader('garment');

export const Component = observer(function ClothesCustomPage() {
  const loaded = useLoaderData<typeof loader>();
  const w = useWords(customWords);
  return (
    <CustomShell title={w.garmentTitle} intro={w.garmentIntro} path="/home/clothes/custom" other={{ to: '/flower/custom', label: w.otherPattern }}
      loaded={loaded} form={<GarmentForm />} />
  );
});

const GarmentForm = observer(function GarmentForm() {
  const w = useWords(customWords);
  const { form, images, setImages, values, set, errors, msg, busy, done, round, submit } = useCustomForm({
    empty: EMPTY,
    url: '/clothes/customProduct',
    body: (v, imgs) => ({
      fabricCoding: v.fabricCoding.trim(),
      colour: v.colour.trim(),
      occasion: v.occasion.trim(),
      style: v.style.trim(),
      ageMin: toNumber(v.ageMin),
      ageMax: toNumber(v.ageMax),
      quantity: v.quantity.trim() === '' ? undefined : toNumber(v.quantity),
      remark: v.remark.trim() || undefined,
      images: imgs.length > 0 ? imgs.map((i) => i.storeAs) : undefined,
    }),
    check: garmentErrors,
    fieldOf: (code): GarmentField => (code === Codes.CUSTOM_AGE_RANGE || code === Codes.CUSTOM_AGE_ORDER ? 'ageMax' : code === Codes.CUSTOM_QUANTITY_INVALID ? 'quantity' : 'fabricCoding'),
  });

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
