// The body of photo search, in the header's overlay and on /homePicSearch and /picSearchAgain: choose or
// drop a photo (png, jpeg, bmp, jpg; at most 10 MB, with the upload control's messages), optionally crop
// it with the cropper, start the search, a progress bar while it is polled, cancel; the quota alert.
// When the search is done the photo is kept in this browser and `onFinished` gets the search id.
import { lazy, Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import { useStableId } from '../use-stable-id';
import { observer } from 'mobx-react-lite';
import type { SearchStatus } from '../../contracts/search';
import { Limits } from '../../domain/limits';
import { useStores } from '../../stores/root.store';
import { useLang } from '../use-lang';
import { fill, useWords } from '../use-words';
import { ACCEPT_ATTRIBUTE, checkSelection } from '../upload/image-upload';
import { uploadWords } from '../upload/upload.words';
import { imageSearchWords } from './image-search.words';
import { ImageSearchFlow } from './search-flow';
import { keepPhoto, type KeptPhoto } from './photo-store';
import { CameraIcon } from './camera-icon';
import { IndexingNotice } from './indexing-notice';

const ImageCropper = lazy(() => import(/* webpackChunkName: "image-cropper" */ '../upload/image-cropper'));

export interface PhotoSearchPanelProps {
  /** a photo to start from (the last search's, on /picSearchAgain) */
  initial?: KeptPhoto | null;
  /** open the cropper on the initial photo at once */
  startCropping?: boolean;
  /** the "pattern only, ignore colour" box starts ticked (the result page's offer for a weak match) */
  shapeOnly?: boolean;
  /** the index status when the page already has it (undefined: asked for; null: the page shows it itself) */
  status?: SearchStatus | null;
  onFinished(searchId: number): void;
  /** the cropper is open (the overlay keeps its backdrop from closing it meanwhile) */
  onCroppingChange?(cropping: boolean): void;
}

interface Chosen { blob: Blob; name: string; url: string }

export const PhotoSearchPanel = observer(function PhotoSearchPanel({ initial, startCropping, shapeOnly: shapeOnlyAtFirst, status: givenStatus, onFinished, onCroppingChange }: PhotoSearchPanelProps) {
  const w = useWords(imageSearchWords);
  const u = useWords(uploadWords);
  const lang = useLang();
  const { imageSearch: search } = useStores();
  const inputId = useStableId();
  const input = useRef<HTMLInputElement>(null);
  const flow = useRef<ImageSearchFlow | null>(null);
  const langRef = useRef(lang);
  langRef.current = lang;
  const [photo, setPhoto] = useState<Chosen | null>(null);
  const [crop, setCrop] = useState<Chosen | null>(null);
  const [cropping, setCropping] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState('');
  const [shapeOnly, setShapeOnly] = useState(shapeOnlyAtFirst ?? false);

  // The flow belongs to this panel: leaving it (closing the overlay) cancels a search still running.
  useEffect(() => {
    const f = new ImageSearchFlow(search, () => langRef.current);
    flow.current = f;
    return () => {
      f.dispose();
      if (flow.current === f) flow.current = null;
    };
  }, [search]);

  useEffect(() => {
    if (!initial) return;
    choose(initial.blob, initial.name);
    if (startCropping) setCropping(true);
    // Only when the page hands over another photo.
  }, [initial]);

  // Object URLs of the previews, let go when the panel goes.
  const urls = useRef<string[]>([]);
  useEffect(() => () => { urls.current.forEach((url) => URL.revokeObjectURL(url)); urls.current = []; }, []);
  const objectUrl = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.push(url);
    return url;
  };
  useEffect(() => { onCroppingChange?.(cropping); }, [cropping, onCroppingChange]);

  function choose(blob: Blob, name: string) {
    setError('');
    search.reset();
    setCrop(null);
    setCropping(false);
    setPhoto({ blob, name, url: objectUrl(blob) });
  }

  function take(files: File[]) {
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const problem = checkSelection(files.slice(0, 1), 1, Limits.maxImageMb);
    if (problem) {
      setError(problem.kind === 'tooLarge' ? fill(u.tooLarge, { size: problem.size }) : u.badType);
      return;
    }
    choose(files[0], files[0].name);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (search.handleStatus) return;
    take(Array.from(e.dataTransfer.files));
  }

  async function start() {
    const f = flow.current;
    if (!photo || !f || search.handleStatus) return;
    setError('');
    const id = await f.run(crop?.blob ?? photo.blob, shapeOnly);
    if (id === null) return;
    await keepPhoto({ blob: photo.blob, name: photo.name, searchId: id });
    onFinished(id);
  }

  const busy = search.handleStatus;
  const percent = Math.round(search.progress * 100);
  const shown = crop ?? photo;

  return (
    <div className="pic-search" data-state={busy ? 'searching' : cropping ? 'cropping' : photo ? 'chosen' : 'empty'} data-progress={search.progress}>
      {givenStatus === null ? null : <IndexingNotice initial={givenStatus} />}
      <input ref={input} id={inputId} className="upload__input" type="file" accept={ACCEPT_ATTRIBUTE} disabled={busy} onChange={(e) => take(Array.from(e.currentTarget.files ?? []))} />
      {cropping && photo ? (
        <Suspense fallback={<p>{u.loadingCropper}</p>}>
          <ImageCropper
            src={photo.url}
            output="blob"
            onCancel={() => setCropping(false)}
            onDone={(result) => {
              setCropping(false);
              if (result instanceof Blob) setCrop({ blob: result, name: photo.name.replace(/\.[^.]+$/, '.png'), url: objectUrl(result) });
            }}
          />
        </Suspense>
      ) : shown ? (
        <div className="pic-search__chosen">
          <figure className="pic-search__figure">
            <img className="pic-search__preview" src={shown.url} alt={w.preview} />
            {crop ? <figcaption className="pic-search__badge">{w.cropped}</figcaption> : null}
          </figure>
          {busy || (search.progress > 0 && search.info === '') ? (
            <div className="pic-search__progress">
              <div className="pic-search__bar" role="progressbar" aria-label={w.progress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <span style={{ width: `${percent}%` }} />
              </div>
              <span className="pic-search__percent">{busy ? fill(w.searching, { percent }) : w.done}</span>
            </div>
          ) : null}
          {busy ? null : (
            <label className="pic-search__mode">
              <input type="checkbox" checked={shapeOnly} onChange={(e) => setShapeOnly(e.currentTarget.checked)} />
              <span>{w.shapeOnly}</span>
            </label>
          )}
          <div className="pic-search__actions">
            {busy ? (
              <button type="button" className="button" onClick={() => flow.current?.cancel()}>{w.cancel}</button>
            ) : (
              <>
                <label className="button" htmlFor={inputId}>{w.another}</label>
                {crop ? <button type="button" className="button" onClick={() => setCrop(null)}>{w.uncrop}</button> : null}
                <button type="button" className="button" onClick={() => { search.reset(); setCropping(true); }}>{w.crop}</button>
                <button type="button" className="button button--primary pic-search__start" onClick={() => void start()}>{w.start}</button>
              </>
            )}
          </div>
        </div>
      ) : (
        <label
          className={`pic-search__drop${dragging ? ' is-dragging' : ''}`}
          htmlFor={inputId}
          onDragOver={(e) => { e.preventDefault(); if (!dragging) setDragging(true); }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <CameraIcon />
          <span className="pic-search__drop-text">{dragging ? w.dropActive : w.drop}</span>
          <span className="pic-search__hint">{fill(w.hint, { size: Limits.maxImageMb, count: Limits.freeImageSearchesPerDay })}</span>
        </label>
      )}
      {error ? <p className="pic-search__error" role="alert">{error}</p> : null}
      {search.info === 'quota' ? (
        <p className="pic-search__alert" role="alert" data-state="quota">{fill(w.quota, { count: Limits.freeImageSearchesPerDay })}</p>
      ) : search.info === 'failed' ? (
        <p className="pic-search__error" role="alert" data-state="failed">{search.message ? `${w.failed}: ${search.message}` : w.failed}</p>
      ) : search.info === 'cancelled' ? (
        <p className="pic-search__info" role="status" data-state="cancelled">{w.cancelled}</p>
      ) : null}
    </div>
  );
});
