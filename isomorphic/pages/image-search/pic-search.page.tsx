// Photo search results (/homePicSearch and /home/search/img, one page): ?searchId= makes a result page
// linkable and server-rendered: the ranked patterns with their similarity as a percentage, their mill and
// colour cards (GET /search/getResultDetailOnLsk), paginated with ?page=. Without a search id the page
// is the photo-search panel itself. While the catalogue is still being indexed the page says how far it
// is. The photo of the last search (kept in this browser) is shown with "crop and search again".
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { data, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { Page } from '../../contracts/common';
import type { SearchHitDetail } from '../../contracts/search';
import { Codes } from '../../domain/codes';
import { Limits } from '../../domain/limits';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { LazyImage } from '../../components/lazy-image';
import { Price } from '../../components/price';
import { productTitle } from '../../components/product-card';
import { SeoHead } from '../../components/seo-head';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { imageSearchWords } from '../../components/image-search/image-search.words';
import { PhotoSearchPanel } from '../../components/image-search/photo-search-panel';
import { IndexingNotice } from '../../components/image-search/indexing-notice';
import { keptPhoto } from '../../components/image-search/photo-store';
import { assertPageExists } from '../catalogue/listing-loader';
import { normalisePath } from '../catalogue/presets';
import { Pager, pageCount } from '../catalogue/pager';
import { galleryWords } from '../catalogue/catalogue.words';
import { searchStatus } from './search-status';
import { byLang } from '../../domain/format';

const PAGE_SIZE = Limits.pageSize;
const CANONICAL_PATH = '/homePicSearch';

function notFound(): never {
  throw data({ code: Codes.NOT_FOUND, message: 'Not found' }, { status: 404 });
}

/** A positive whole number of at most 15 digits, or null for a missing one; anything else is a 404. */
function positive(raw: string | null): number | null {
  if (raw === null) return null;
  if (!/^[1-9]\d{0,14}$/.test(raw)) notFound();
  return Number(raw);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, publicUrl } = loaderDeps(context);
  const url = new URL(request.url);
  const path = normalisePath(url.pathname);
  const searchId = positive(url.searchParams.get('searchId'));
  const page = positive(url.searchParams.get('page')) ?? 1;
  const statusP = searchStatus(api, request.signal);
  if (searchId === null) {
    if (page > 1) notFound();
    return { path, publicUrl, searchId, page, results: null, issue: '', status: await statusP };
  }
  const [envelope, status] = await Promise.all([
    api.get<Page<SearchHitDetail>>('/search/getResultDetailOnLsk', { searchId, pageNum: page, pageSize: PAGE_SIZE }, { signal: request.signal }),
    statusP,
  ]);
  if (envelope.code === Codes.SEARCH_NOT_FOUND || envelope.code === Codes.NOT_FOUND) notFound();
  // A cancelled, failed or unfinished search is a page that says so, not an error page.
  if (envelope.code !== Codes.OK) return { path, publicUrl, searchId, page, results: null, issue: envelope.message, status };
  assertPageExists(page, envelope.data.total, envelope.data.pageSize || PAGE_SIZE);
  return { path, publicUrl, searchId, page, results: envelope.data, issue: '', status };
}

export const Component = observer(function PicSearchPage() {
  const { path, publicUrl, searchId, page, results, issue, status } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const w = useWords(imageSearchWords);
  const g = useWords(galleryWords);
  const { imageSearch } = useStores();
  const navigate = useNavigate();
  const title = searchId === null ? w.title : w.resultsTitle;
  const pages = results ? pageCount(results.total, results.pageSize || PAGE_SIZE) : 1;
  const href = (p: number) => `${path}?searchId=${searchId}${p > 1 ? `&page=${p}` : ''}`;
  return (
    <>
      <SeoHead title={title} description={t('site.description')} publicUrl={publicUrl} path={searchId === null ? CANONICAL_PATH : `${CANONICAL_PATH}?searchId=${searchId}`} noindex />
      <header className="hero">
        <h1 className="hero__title">{title}</h1>
        {results ? <p className="hero__count">{fill(w.count, { count: results.total })}</p> : null}
      </header>
      {searchId === null ? (
        <section className="pic-page">
          <p className="pic-page__prompt" data-state="prompt">{w.prompt}</p>
          <div className="pic-page__panel">
            <PhotoSearchPanel status={status} onFinished={(id) => void navigate(`/homePicSearch?searchId=${id}`)} />
          </div>
        </section>
      ) : (
        <>
          <IndexingNotice initial={status} />
          <div className="pic-query">
            <QueryPhoto searchId={searchId} />
            <div className="pic-query__actions">
              <Link className="button" to={`/picSearchAgain?searchId=${searchId}`}>{w.again}</Link>
              <button type="button" className="button button--primary" onClick={() => imageSearch.open()}>{w.newPhoto}</button>
            </div>
          </div>
          {issue ? (
            <p className="empty" data-state="issue">{fill(w.searchIssue, { message: issue })}</p>
          ) : results && results.list.length === 0 ? (
            <p className="empty" data-state="no-results">{w.noResults}</p>
          ) : results ? (
            <>
              {page === 1 && results.list[0] && results.list[0].similarity < Limits.weakMatchSimilarity ? <WeakMatch searchId={searchId} similarity={results.list[0].similarity} /> : null}
              <ul className="product-grid pic-results">
                {results.list.map((hit, i) => <HitCard key={hit.id} hit={hit} eager={i < 10} />)}
              </ul>
              <Pager page={page} pages={pages} href={href} />
            </>
          ) : null}
        </>
      )}
      <p className="search-page__back"><Link to="/flower">{g.titleFlower}</Link></p>
    </>
  );
});

/**
 * The best match is weak (below Limits.weakMatchSimilarity): say so, and offer the cropper on the same photo
 * or a search by pattern only (colour left out), both on /picSearchAgain with the photo kept in this browser.
 */
function WeakMatch({ searchId, similarity }: { searchId: number; similarity: number }) {
  const w = useWords(imageSearchWords);
  const percent = Math.max(0, Math.min(100, Math.round(similarity * 100)));
  return (
    <section className="pic-weak" data-state="weak-match" aria-labelledby="pic-weak-title">
      <h2 id="pic-weak-title" className="pic-weak__title">{w.weakTitle}</h2>
      <p className="pic-weak__help">{fill(w.weakHelp, { percent })}</p>
      <p className="pic-weak__actions">
        <Link className="button button--primary" to={`/picSearchAgain?searchId=${searchId}`}>{w.weakCrop}</Link>
        <Link className="button" to={`/picSearchAgain?searchId=${searchId}&mode=shape`}>{w.weakShape}</Link>
      </p>
    </section>
  );
}

/** The photo of the last search in this browser, when there is one (never on the server). */
function QueryPhoto({ searchId }: { searchId: number }) {
  const w = useWords(imageSearchWords);
  const [url, setUrl] = useState('');
  useEffect(() => {
    let live = true;
    let made = '';
    void keptPhoto().then((kept) => {
      if (!live || !kept || (kept.searchId !== null && kept.searchId !== searchId)) return;
      made = URL.createObjectURL(kept.blob);
      setUrl(made);
    });
    return () => { live = false; if (made) URL.revokeObjectURL(made); setUrl(''); };
  }, [searchId]);
  if (!url) return null;
  return (
    <figure className="pic-query__photo">
      <img src={url} alt={w.yourPhoto} />
      <figcaption>{w.yourPhoto}</figcaption>
    </figure>
  );
}

/** One ranked pattern: similarity on the picture, then title, number, price, colour cards and the mill. */
function HitCard({ hit, eager }: { hit: SearchHitDetail; eager: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const w = useWords(imageSearchWords);
  const title = productTitle(hit, lang);
  const percent = Math.max(0, Math.min(100, Math.round(hit.similarity * 100)));
  const shownCards = hit.colourCards.slice(0, 6);
  const more = hit.colourCards.length - shownCards.length;
  const company = byLang(lang, hit.company.name, hit.company.nameEn);
  return (
    <li className="card pic-hit" data-product-id={hit.id} data-rank={hit.rank}>
      <Link to={`/flower/${hit.id}`} className="card__link">
        <span className="card__media pic-hit__media">
          <LazyImage src={hit.coverUrl} alt={t('product.imageAlt', { title, code: hit.code })} eager={eager} zoom />
          <span className="pic-hit__similarity">{fill(w.similarity, { percent })}</span>
          {hit.rank === 1 ? <span className="pic-hit__best">{w.best}</span> : null}
        </span>
        <span className="card__body">
          <span className="card__title">{title}</span>
          <span className="card__code">{t('product.code')} {hit.code}</span>
          <Price cents={hit.price} unit={hit.unit} className="card__price" />
          {hit.colourCards.length > 0 ? (
            <span className="pic-hit__colours" aria-label={fill(w.colours, { count: hit.colourCards.length })}>
              {shownCards.map((c) => <span key={c.id} className="pic-hit__swatch" style={{ background: c.hex }} title={byLang(lang, c.name, c.nameEn)} />)}
              {more > 0 ? <span className="pic-hit__more">{fill(w.moreColours, { count: more })}</span> : null}
            </span>
          ) : null}
          <span className="card__company"><span className="card__company-name">{company}</span></span>
        </span>
      </Link>
    </li>
  );
}
