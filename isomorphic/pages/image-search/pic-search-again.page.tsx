// /picSearchAgain: search again on a crop of the same photo. The photo of the last search is kept in this
// browser (IndexedDB) and opens in the cropper; without one the page asks for a photo. Not for indexing.
import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import { loaderDeps } from '../../loader-context';
import { SeoHead } from '../../components/seo-head';
import { useWords } from '../../components/use-words';
import { imageSearchWords } from '../../components/image-search/image-search.words';
import { PhotoSearchPanel } from '../../components/image-search/photo-search-panel';
import { IndexingNotice } from '../../components/image-search/indexing-notice';
import { keptPhoto, type KeptPhoto } from '../../components/image-search/photo-store';
import { searchStatus } from './search-status';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, publicUrl } = loaderDeps(context);
  const params = new URL(request.url).searchParams;
  const raw = params.get('searchId');
  const searchId = raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
  // ?mode=shape: offered by the result page when the best match is weak; the search leaves colour out.
  const shapeOnly = params.get('mode') === 'shape';
  return { publicUrl, searchId, shapeOnly, status: await searchStatus(api, request.signal) };
}

export function Component() {
  const { publicUrl, searchId, shapeOnly, status } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const w = useWords(imageSearchWords);
  const navigate = useNavigate();
  // Said once for the page (the panel is told not to ask again).
  // undefined: still looking (and on the server); null: this browser has none.
  const [photo, setPhoto] = useState<KeptPhoto | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void keptPhoto().then((kept) => { if (live) setPhoto(kept); });
    return () => { live = false; };
  }, []);
  return (
    <>
      <SeoHead title={w.againTitle} description={t('site.description')} publicUrl={publicUrl} path="/picSearchAgain" noindex />
      <header className="hero">
        <h1 className="hero__title">{w.againTitle}</h1>
        {searchId !== null ? <Link className="hero__count" to={`/homePicSearch?searchId=${searchId}`}>{w.backToResults}</Link> : null}
      </header>
      <section className="pic-page">
        <IndexingNotice initial={status} />
        {photo === undefined ? (
          <p className="pic-page__prompt" data-state="loading">{w.loadingPhoto}</p>
        ) : (
          <>
            <p className="pic-page__prompt" data-state={photo ? 'again' : 'no-photo'}>{photo ? (shapeOnly ? w.againShapeHelp : w.againHelp) : w.noPhoto}</p>
            <div className="pic-page__panel">
              <PhotoSearchPanel initial={photo} startCropping={!shapeOnly} shapeOnly={shapeOnly} status={null} onFinished={(id) => void navigate(`/homePicSearch?searchId=${id}`)} />
            </div>
          </>
        )}
      </section>
    </>
  );
}
