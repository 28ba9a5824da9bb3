// Text search (/homeSearch, /home/search/text; the header's search box submits here): results from
// /product/searchLace with the matched words highlighted, the same filter rows and link pagination as
// the galleries. An empty keyword asks for one; no result says so. Result pages are not for indexing.
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { CompanySummary, WithVerifiedCompanies } from '../../contracts/common';
import type { SearchPage } from '../../contracts/catalogue';
import { unwrap } from '../../api-client/results';
import { Limits } from '../../domain/limits';
import { groupDigits } from '../../domain/format';
import { loaderDeps } from '../../loader-context';
import { ProductCard } from '../../components/product-card';
import { Highlighted } from '../../components/highlighted';
import { SeoHead } from '../../components/seo-head';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { galleryWords, searchWords } from './catalogue.words';
import { MAX_KEYWORD, filtersToSearch, parseFilters, toProductQuery } from './listing-query';
import { assertPageExists, companyChoices, redirectToNormalised } from './listing-loader';
import { normalisePath } from './presets';
import { FilterRows } from './filter-rows';
import { Pager, pageCount } from './pager';

const ROWS = ['patternType', 'shape', 'unit', 'edge', 'craft', 'stretch', 'price', 'company', 'sort'] as const;
const CANONICAL_PATH = '/homeSearch';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, publicUrl } = loaderDeps(context);
  const url = new URL(request.url);
  const path = normalisePath(url.pathname);
  const filters = parseFilters(url.searchParams);
  redirectToNormalised(url, path, filters, []);
  if (!filters.keyword) return { path, filters, results: null, companies: [] as CompanySummary[], verified: [] as number[], publicUrl };
  const signal = request.signal;
  const [envelope, companies] = await Promise.all([
    api.post<WithVerifiedCompanies<SearchPage>>('/product/searchLace', toProductQuery(filters, 1), { signal }),
    companyChoices(api, filters.companyId, signal),
  ]);
  // The results come with which of their mills carry the verified badge today (no second call).
  const { verifiedCompanies: verified, ...results } = unwrap(envelope);
  assertPageExists(filters.page, results.total, results.pageSize || Limits.pageSize);
  return { path, filters, results, companies, verified, publicUrl };
}

export function Component() {
  const { path, filters, results, companies, verified, publicUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const s = useWords(searchWords);
  const g = useWords(galleryWords);
  const keyword = filters.keyword ?? '';
  const title = keyword ? fill(s.titleWithKeyword, { keyword }) : s.title;
  const pages = results ? pageCount(results.total, results.pageSize) : 1;
  return (
    <>
      <SeoHead title={title} description={t('site.description')} publicUrl={publicUrl} path={`${CANONICAL_PATH}${filtersToSearch(filters)}`} noindex />
      <header className="hero">
        <h1 className="hero__title">{title}</h1>
        {results ? <p className="hero__count">{fill(results.totalCapped ? s.countCapped : s.count, { count: groupDigits(results.total) })}</p> : null}
      </header>
      <Form method="get" action={path} role="search" className="search-page__form">
        <label className="visually-hidden" htmlFor="search-keyword">{s.fieldLabel}</label>
        <input id="search-keyword" className="search-page__input" type="search" name="keyword" defaultValue={keyword} key={keyword} maxLength={MAX_KEYWORD} placeholder={s.placeholder} autoComplete="off" />
        <button type="submit" className="button button--primary">{s.button}</button>
      </Form>
      {!results ? (
        <p className="empty" data-state="prompt">{s.prompt}</p>
      ) : (
        <>
          <FilterRows path={path} filters={filters} rows={ROWS} omit={[]} companies={companies} />
          {results.list.length === 0 ? (
            <p className="empty" data-state="no-results">{fill(s.noResults, { keyword })}</p>
          ) : (
            <ul className="product-grid search-results">
              {results.list.map((hit, i) => {
                const parts = lang === 'en' && hit.titleEn && hit.titleEnParts?.length ? hit.titleEnParts : hit.titleParts;
                return <ProductCard key={hit.id} product={hit} priority={i === 0} verified={verified.includes(hit.companyId)} titleNode={parts?.length ? <Highlighted parts={parts} /> : undefined} />;
              })}
            </ul>
          )}
          <Pager page={filters.page} pages={pages} href={(page) => `${path}${filtersToSearch({ ...filters, page })}`} />
        </>
      )}
      <p className="search-page__back"><Link to="/flower">{g.titleFlower}</Link></p>
    </>
  );
}
