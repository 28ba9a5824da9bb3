// The image upload control of SPEC §2 and §5: png, jpeg, bmp, jpg; one or several at once; maxNum and
// maxSize (MB, default 10, each file's size rounded to whole MB) with their messages, the selection
// cleared on a refusal; a begin event, a progress bar, then a done event with the uploaded list
// {size, name, result (data URL), storeAs}. With `crop`, each chosen image goes through the cropper first, in turn.
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import { useStableId } from '../use-stable-id';
import { Limits } from '../../domain/limits';
import { useLang } from '../use-lang';
import { fill, useWords } from '../use-words';
import { Modal } from '../modal';
import { uploadWords } from './upload.words';
import { uploadImage, UploadError, type UploadedImage } from './upload-transport';

export type { UploadedImage };

/** SPEC §5: the file types the control takes. */
export const ACCEPTED_EXTENSIONS = ['png', 'jpeg', 'jpg', 'bmp'] as const;
export const ACCEPT_ATTRIBUTE = '.png,.jpeg,.jpg,.bmp,image/png,image/jpeg,image/bmp';
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/bmp', 'image/x-ms-bmp'];

const ImageCropper = lazy(() => import(/* webpackChunkName: "image-cropper" */ './image-cropper'));

export type SelectionProblem = { kind: 'tooMany'; count: number } | { kind: 'tooLarge'; size: number } | { kind: 'badType' };

/** SPEC §5 rules over a selection: count, then each file's type and size rounded to whole MB. */
export function checkSelection(files: ReadonlyArray<{ name: string; type: string; size: number }>, maxNum: number | undefined, maxSize: number): SelectionProblem | null {
  if (maxNum !== undefined && files.length > maxNum) return { kind: 'tooMany', count: maxNum };
  for (const f of files) {
    const ext = /\.([A-Za-z0-9]+)$/.exec(f.name)?.[1]?.toLowerCase() ?? '';
    if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext) || (f.type !== '' && !ACCEPTED_TYPES.includes(f.type))) return { kind: 'badType' };
    if (Math.round(f.size / 1024 / 1024) > maxSize) return { kind: 'tooLarge', size: maxSize };
  }
  return null;
}

export interface ImageUploadProps {
  multiple?: boolean;
  /** At most this many files in one selection. */
  maxNum?: number;
  /** MB; default 10 (SPEC §9). */
  maxSize?: number;
  /** Crop a single image before it is uploaded; `aspectRatio` fixes the frame (width / height). */
  crop?: { aspectRatio?: number };
  disabled?: boolean;
  label?: string;
  onBegin?(files: File[]): void;
  onDone?(list: UploadedImage[]): void;
  onError?(message: string): void;
}

export function ImageUpload({ multiple = false, maxNum, maxSize = Limits.maxImageMb, crop, disabled, label, onBegin, onDone, onError }: ImageUploadProps) {
  const w = useWords(uploadWords);
  const lang = useLang();
  const inputId = useStableId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<{ done: number; total: number; fraction: number } | null>(null);
  // With `crop`, every chosen picture is cropped in turn (the rest wait in `queue`), then all are uploaded.
  const [cropping, setCropping] = useState<{ file: File; src: string; index: number; total: number; queue: File[]; done: Array<{ blob: Blob; name: string; file: File }> } | null>(null);

  function fail(message: string) {
    setError(message);
    onError?.(message);
  }

  function clearSelection() {
    if (input.current) input.current.value = '';
  }

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.currentTarget.files ?? []);
    if (files.length === 0) return;
    setError('');
    const problem = checkSelection(files, maxNum, maxSize);
    if (problem) {
      clearSelection();
      fail(problem.kind === 'tooMany' ? fill(w.tooMany, { count: problem.count }) : problem.kind === 'tooLarge' ? fill(w.tooLarge, { size: problem.size }) : w.badType);
      return;
    }
    clearSelection();
    if (crop) {
      setCropping({ file: files[0], src: URL.createObjectURL(files[0]), index: 1, total: files.length, queue: files.slice(1), done: [] });
      return;
    }
    void upload(files.map((f) => ({ blob: f, name: f.name })), files);
  }

  async function upload(items: Array<{ blob: Blob; name: string }>, original: File[]) {
    onBegin?.(original);
    const fractions = items.map(() => 0);
    let done = 0;
    const report = () => setBusy({ done, total: items.length, fraction: fractions.reduce((a, b) => a + b, 0) / items.length });
    report();
    try {
      const list: UploadedImage[] = [];
      // One after another: a grant per file, and the bar moves steadily.
      for (const [i, item] of items.entries()) {
        list.push(await uploadImage(item.blob, item.name, { lang, onProgress: (f) => { fractions[i] = f; report(); } }));
        done += 1;
        fractions[i] = 1;
        report();
      }
      onDone?.(list);
    } catch (err) {
      fail(err instanceof UploadError && err.code !== undefined && err.message ? `${w.failed}: ${err.message}` : w.failed);
    } finally {
      setBusy(null);
    }
  }

  function closeCropper() {
    if (cropping) URL.revokeObjectURL(cropping.src);
    setCropping(null);
  }

  /** The next picture of a multiple choice to crop (a cancelled one is left out), or the upload of those cropped. */
  function nextCrop(result: { blob: Blob; name: string; file: File } | null) {
    if (!cropping) return;
    const done = result ? [...cropping.done, result] : cropping.done;
    URL.revokeObjectURL(cropping.src);
    const [next, ...rest] = cropping.queue;
    if (next) {
      setCropping({ file: next, src: URL.createObjectURL(next), index: cropping.index + 1, total: cropping.total, queue: rest, done });
      return;
    }
    setCropping(null);
    if (done.length > 0) void upload(done.map((d) => ({ blob: d.blob, name: d.name })), done.map((d) => d.file));
  }

  const hint = fill(w.hint, { size: maxSize }) + (maxNum !== undefined ? fill(w.hintMax, { count: maxNum }) : '');
  return (
    <div className="upload" data-busy={busy ? 'true' : undefined}>
      <label className={`button upload__choose${disabled || busy ? ' is-disabled' : ''}`} htmlFor={inputId}>
        <span aria-hidden="true">＋</span>{label ?? (multiple ? w.choose : w.chooseOne)}
      </label>
      <input ref={input} id={inputId} className="upload__input" type="file" accept={ACCEPT_ATTRIBUTE} multiple={multiple} disabled={disabled || !!busy} onChange={onChange} />
      <p className="upload__hint">{hint}</p>
      {busy ? (
        <div className="upload__progress">
          <progress max={100} value={Math.round(busy.fraction * 100)} aria-label={w.progress} />
          <span>{fill(w.uploading, { done: busy.done, total: busy.total })}</span>
        </div>
      ) : null}
      {error ? <p className="upload__error" role="alert">{error}</p> : null}
      {cropping ? (
        <Modal open title={cropping.total > 1 ? `${w.cropTitle} (${cropping.index}/${cropping.total})` : w.cropTitle} onClose={closeCropper} closeOnBackdrop={false}>
          <Suspense fallback={<p>{w.loadingCropper}</p>}>
            <ImageCropper
              src={cropping.src}
              aspectRatio={crop?.aspectRatio}
              output="blob"
              key={cropping.src}
              onCancel={() => (cropping.total > 1 ? nextCrop(null) : closeCropper())}
              onDone={(result) => {
                const file = cropping.file;
                nextCrop(result instanceof Blob ? { blob: result, name: file.name.replace(/\.[^.]+$/, '.png'), file } : null);
              }}
            />
          </Suspense>
        </Modal>
      ) : null}
    </div>
  );
}

/** The uploaded images as thumbnails, each with a remove button. */
export function UploadedList({ images, onRemove }: { images: UploadedImage[]; onRemove?(storeAs: string): void }) {
  const w = useWords(uploadWords);
  if (images.length === 0) return null;
  return (
    <ul className="uploaded" aria-label={w.uploaded}>
      {images.map((img) => (
        <li key={img.storeAs} className="uploaded__item" data-store-as={img.storeAs}>
          <img src={img.result || img.url} alt={img.name} className="uploaded__img" />
          <span className="uploaded__name">{img.name}</span>
          {onRemove ? <button type="button" className="uploaded__remove" aria-label={fill(w.removeNamed, { name: img.name })} onClick={() => onRemove(img.storeAs)}>×</button> : null}
        </li>
      ))}
    </ul>
  );
}
