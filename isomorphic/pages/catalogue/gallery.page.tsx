// Every product gallery of SPEC §2 (/flower, /goodAndNew, /clothesGallery, /processDesign and the /home
// listings): server-rendered, filters in the URL, pagination as links. The path picks the preset.
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { CompanySummary, Page, ProductSummary, WithVerifiedCompanies } from '../../contracts/common';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { Limits } from '../../domain/limits';
import { loaderDeps } from '../../loader-context';
import { ProductCard } from '../../components/product-card';
import { SeoHead, breadcrumbLd } from '../../components/seo-head';
import { fill, useWords } from '../../components/use-words';
import { galleryWords } from './catalogue.words';
import { filtersToSearch, parseFilters, toProductQuery } from './listing-query';
import { assertPageExists, companyChoices, redirectToNormalised } from './listing-loader';
import { descKey, fixedKeys, galleryPresets, normalisePath, titleKey } from './presets';
import { FilterRows } from './filter-rows';
import { Pager, pageCount } from './pager';

type Listing = WithVerifiedCompanies<Page<ProductSummary>>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, publicUrl } = loaderDeps(context);
  const url = new URL(request.url);
  const path = normalisePath(url.pathname);
  const preset = galleryPresets[path];
  if (!preset) throw data({ code: Codes.NOT_FOUND, message: 'Not found' }, { status: 404 });
  const omit = fixedKeys(preset);
  const parsed = parseFilters(url.searchParams);
  redirectToNormalised(url, path, { ...parsed, keyword: undefined }, omit);
  const filters = { ...parsed, keyword: undefined, ...preset.fixed };
  const query = toProductQuery(filters, preset.kind);
  const signal = request.signal;
  const [envelope, companies] = await Promise.all([
    preset.kind === 2
      ? api.get<Listing>('/clothes/listClothes', query, { signal })
      : api.post<Listing>('/product/listLSKProduct', query, { signal }),
    preset.rows.includes('company') ? companyChoices(api, filters.companyId, signal) : Promise.resolve([] as CompanySummary[]),
  ]);
  // The products come with which of their mills carry the verified badge today (no second call).
  const { verifiedCompanies: verified, ...products } = unwrap(envelope);
  assertPageExists(filters.page, products.total, products.pageSize || Limits.pageSize);
  return { preset, path, filters, omit, products, companies, verified, publicUrl };
}

export function Component() {
  const { preset, path, filters, omit, products, companies, verified, publicUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const w = useWords(galleryWords);
  const pages = pageCount(products.total, products.pageSize);
  const href = (page: number) => `${path}${filtersToSearch({ ...filters, page }, omit)}`;
  const canonicalOf = (page: number) => `${preset.canonicalPath}${filtersToSearch({ ...filters, page }, omit)}`;
  const title = w[titleKey(preset.key)];
  const fullTitle = filters.page > 1 ? `${title} ${fill(w.crumbPage, { page: filters.page })}` : title;
  const first = products.list[0];
  return (
    <>
      <SeoHead
        title={fullTitle}
        description={w[descKey(preset.key)]}
        publicUrl={publicUrl}
        path={canonicalOf(filters.page)}
        image={first?.coverUrl}
        prev={filters.page > 1 ? canonicalOf(filters.page - 1) : undefined}
        next={filters.page < pages ? canonicalOf(filters.page + 1) : undefined}
        structured={[breadcrumbLd(publicUrl, [{ name: t('nav.home'), path: '/' }, { name: title, path: preset.canonicalPath }])]}
      />
      <nav className="breadcrumb" aria-label={t('product.breadcrumb')}>
        <ol>
          <li><Link to="/">{t('nav.home')}</Link></li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <header className="hero">
        <h1 className="hero__title">{title}</h1>
        <p className="hero__subtitle">{w[descKey(preset.key)]}</p>
        <p className="hero__count">{fill(w.count, { count: products.total })}</p>
      </header>
      <FilterRows path={path} filters={filters} rows={preset.rows} omit={omit} companies={companies} />
      {products.list.length === 0 ? (
        <p className="empty">{w.empty}</p>
      ) : (
        <ul className="product-grid">
          {products.list.map((p, i) => <ProductCard key={p.id} product={p} priority={i === 0} verified={verified.includes(p.companyId)} />)}
        </ul>
      )}
      <Pager page={filters.page} pages={pages} href={href} />
    </>
  );
}
