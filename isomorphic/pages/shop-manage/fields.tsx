// Form controls of the shop manager beyond TextField: a text area, a code-table select and an image
// slot (upload control with the cropper at a fixed ratio, a preview and a remove button).
import { useStableId } from '../../components/use-stable-id';
import type { ImageRef } from '../../contracts/shop';
import { ImageUpload } from '../../components/upload/image-upload';
import { useLang } from '../../components/use-lang';

export function TextArea({ label, value, onChange, max, hint }: { label: string; value: string; onChange(v: string): void; max: number; hint?: string }) {
  const id = useStableId();
  const count = [...value].length;
  return (
    <div className={`field span-2${count > max ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>{label}</label>
      <textarea id={id} className="field__input field__textarea" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={count > max || undefined} aria-describedby={`${id}-hint`} />
      <p className="field__hint" id={`${id}-hint`}>{hint ? `${hint} · ` : ''}{count} / {max}</p>
    </div>
  );
}

export function CodeSelect({ label, value, onChange, table, none, required = false }: { label: string; value: number | null; onChange(v: number | null): void; table: Record<number, { zh: string; en: string }>; none: string; required?: boolean }) {
  const id = useStableId();
  const lang = useLang();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <select id={id} className="field__input field__select" value={value ?? ''} required={required} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">{none}</option>
        {Object.entries(table).map(([code, l]) => <option key={code} value={code}>{l[lang]}</option>)}
      </select>
    </div>
  );
}

export function ImageSlot({ label, image, onChange, ratio, uploadLabel, removeLabel, noneLabel, banner = false }: {
  label: string; image: ImageRef | null; onChange(v: ImageRef | null): void; ratio: number; uploadLabel: string; removeLabel: string; noneLabel: string; banner?: boolean;
}) {
  return (
    <div className="field span-2">
      <span className="field__label">{label}</span>
      <div className="image-slot">
        {image ? <img className={`image-slot__preview${banner ? ' image-slot__preview--banner' : ''}`} src={image.url} alt={label} /> : <span className="muted">{noneLabel}</span>}
        <ImageUpload label={uploadLabel} crop={{ aspectRatio: ratio }} onDone={(list) => { if (list[0]) onChange({ path: list[0].storeAs, url: list[0].result }); }} />
        {image ? <button type="button" className="link-button link-button--danger" onClick={() => onChange(null)}>{removeLabel}</button> : null}
      </div>
    </div>
  );
}

/** '' → null, otherwise the number (NaN stays NaN so the api refuses it with its message). */
export const numberOrNull = (s: string): number | null => (s.trim() === '' ? null : Number(s));
export const showNumber = (n: number | null): string => (n === null ? '' : String(n));
