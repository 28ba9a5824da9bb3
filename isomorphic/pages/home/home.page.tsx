// Home (/): the pattern gallery, newest first, from /product/listLSKHomeProduct, paged with ?page=.
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { Page, ProductSummary, WithVerifiedCompanies } from '../../contracts/common';
import { unwrap } from '../../api-client/results';
import { Limits } from '../../domain/limits';
import { loaderDeps } from '../../loader-context';
import { FIRST_SCREEN_CARDS, ProductCard } from '../../components/product-card';
import { canonicalLinks } from '../../seo';
import { useLang } from '../../components/use-lang';


export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, publicUrl } = loaderDeps(context);
  const url = new URL(request.url);
  const page = toPage(url.searchParams.get('page'));
  // One call: the products and which of their mills carry the verified badge today.
  const { verifiedCompanies: verified, ...products } = unwrap(await api.get<WithVerifiedCompanies<Page<ProductSummary>>>('/product/listLSKHomeProduct', { pageNum: page, pageSize: Limits.pageSize }, { signal: request.signal }));
  return { products, verified, publicUrl, path: page > 1 ? `/?page=${page}` : '/' };
}

function toPage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export function Component() {
  const { products, verified, publicUrl, path } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const pages = Math.max(1, Math.ceil(products.total / products.pageSize));
  const links = canonicalLinks(publicUrl, path, lang);
  return (
    <>
      <title>{t('site.name')}</title>
      <meta name="description" content={t('site.description')} />
      <link rel="canonical" href={links.canonical} />
      {links.alternates.map((a) => <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />)}
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title" className="hero__title">{t('home.title')}</h1>
        <p className="hero__subtitle">{t('home.subtitle')}</p>
        <p className="hero__count">{t('home.count', { count: products.total })}</p>
      </section>
      {products.list.length === 0 ? (
        <p className="empty">{t('home.empty')}</p>
      ) : (
        <ul className="product-grid">
          {products.list.map((p, i) => <ProductCard key={p.id} product={p} priority={i === 0} eager={i < FIRST_SCREEN_CARDS} verified={verified.includes(p.companyId)} />)}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('home.pagination')}>
          {products.pageNum > 1 ? <Link className="button" to={products.pageNum === 2 ? '/' : `/?page=${products.pageNum - 1}`} rel="prev">{t('home.previous')}</Link> : <span />}
          <span className="pager__status">{t('home.pageOf', { page: products.pageNum, pages })}</span>
          {products.pageNum < pages ? <Link className="button" to={`/?page=${products.pageNum + 1}`} rel="next">{t('home.next')}</Link> : <span />}
        </nav>
      ) : null}
    </>
  );
}
