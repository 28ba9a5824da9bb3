// A company's page (/company/:id): who they are, their patterns (paged with links) and a follow link.
// Organization and BreadcrumbList JSON-LD for crawlers; unknown id 404, removed company 410.
import { Link, data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo, Page, ProductSummary } from '../../api-client/types';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { Limits } from '../../domain/limits';
import { userTypeLabels } from '../../domain/catalogue';
import { loaderDeps } from '../../loader-context';
import { ProductCard } from '../../components/product-card';
import { LazyImage } from '../../components/lazy-image';
import { CollectButton, FavouriteType, favouriteStatus } from '../../components/collect-button';
import { companyName } from '../../components/company-card';
import { SeoHead, absoluteUrl, breadcrumbLd } from '../../components/seo-head';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { companyWords, galleryWords } from '../catalogue/catalogue.words';
import { assertPageExists } from '../catalogue/listing-loader';
import { Pager, pageCount } from '../catalogue/pager';

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { api, publicUrl, stores } = loaderDeps(context);
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? '') || !Number.isSafeInteger(id) || id <= 0) {
    throw data({ code: Codes.NOT_FOUND, message: 'Not found' }, { status: 404 });
  }
  const url = new URL(request.url);
  const pageRaw = Number(url.searchParams.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 100_000 ? pageRaw : 1;
  const signal = request.signal;
  const [companyEnvelope, productsEnvelope, followed] = await Promise.all([
    api.get<CompanyInfo>('/company/getCompanyInfo', { companyId: id }, { signal }),
    api.post<Page<ProductSummary>>('/product/listLSKProduct', { pageNum: page, pageSize: Limits.pageSize, kind: 1, companyId: id, sort: 'newest' }, { signal }),
    favouriteStatus(api, FavouriteType.COMPANY, id, stores.auth.isAuthenticated, signal),
  ]);
  const company = unwrap(companyEnvelope);
  const products = productsEnvelope.code === Codes.OK ? productsEnvelope.data : { list: [], total: 0, pageNum: 1, pageSize: Limits.pageSize };
  assertPageExists(page, products.total, products.pageSize || Limits.pageSize);
  return { company, products, page, followed, publicUrl };
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  return <CompanyView key={loaded.company.id} {...loaded} />;
}

function CompanyView({ company, products, page, followed, publicUrl }: Awaited<ReturnType<typeof loader>>) {
  const { t } = useTranslation();
  const lang = useLang();
  const w = useWords(companyWords);
  const g = useWords(galleryWords);
  const name = companyName(company, lang);
  const intro = (lang === 'en' ? company.introEn || company.intro : company.intro) || t('site.description');
  const business = lang === 'en' ? company.mainBusinessEn || company.mainBusiness : company.mainBusiness;
  const path = `/company/${company.id}`;
  const pages = pageCount(products.total, products.pageSize);
  const pagePath = (p: number) => (p > 1 ? `${path}?page=${p}` : path);
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name,
    ...(company.abbreviation ? { alternateName: company.abbreviation } : {}),
    url: absoluteUrl(publicUrl, path),
    ...(company.logoUrl ? { logo: absoluteUrl(publicUrl, company.logoUrl) } : {}),
    description: intro.slice(0, 300),
    ...(company.tel ? { telephone: company.tel } : {}),
    ...(company.province || company.city || company.address
      ? { address: { '@type': 'PostalAddress', addressCountry: 'CN', ...(company.province ? { addressRegion: company.province } : {}), ...(company.city ? { addressLocality: company.city } : {}), ...(company.address ? { streetAddress: company.address } : {}) } }
      : {}),
    ...(company.establishedAt ? { foundingDate: company.establishedAt.slice(0, 10) } : {}),
    ...(company.staffCount ? { numberOfEmployees: { '@type': 'QuantitativeValue', value: company.staffCount } } : {}),
  };
  const facts: Array<[string, string]> = [];
  if (company.province || company.city) facts.push([w.location, [company.province, company.city].filter(Boolean).join(' ')]);
  if (business) facts.push([w.mainBusiness, business]);
  if (company.tel) facts.push([w.tel, company.tel]);
  if (company.address) facts.push([w.address, company.address]);
  if (company.establishedAt) facts.push([w.established, company.establishedAt.slice(0, 10)]);
  if (company.staffCount) facts.push([w.staff, String(company.staffCount)]);
  if (company.workshopArea) facts.push([w.workshop, fill(w.workshopValue, { area: company.workshopArea })]);

  return (
    <>
      <SeoHead
        title={page > 1 ? `${fill(w.title, { name })} ${fill(g.crumbPage, { page })}` : fill(w.title, { name })}
        description={intro}
        publicUrl={publicUrl}
        path={pagePath(page)}
        ogType="profile"
        image={company.logoUrl || company.bannerUrl || undefined}
        prev={page > 1 ? pagePath(page - 1) : undefined}
        next={page < pages ? pagePath(page + 1) : undefined}
        structured={[organization, breadcrumbLd(publicUrl, [{ name: t('nav.home'), path: '/' }, { name: g.titleQualityFirm, path: '/home/qualityFirm' }, { name, path }])]}
      />
      <nav className="breadcrumb" aria-label={t('product.breadcrumb')}>
        <ol>
          <li><Link to="/">{t('nav.home')}</Link></li>
          <li><Link to="/home/qualityFirm">{g.titleQualityFirm}</Link></li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>
      <article className="company">
        <header className="company__head">
          <span className="company__logo"><LazyImage src={company.logoUrl} alt={fill(w.logoAlt, { name })} eager round /></span>
          <div className="company__titles">
            <h1 className="company__name">{name}</h1>
            <p className="company__kind">{userTypeLabels[company.kind]?.[lang] ?? ''}{company.abbreviation ? ` · ${company.abbreviation}` : ''}</p>
          </div>
          <CollectButton type={FavouriteType.COMPANY} targetId={company.id} initial={followed} />
        </header>
        {facts.length > 0 ? (
          <dl className="company__facts">
            {facts.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}
          </dl>
        ) : null}
        <section aria-labelledby="company-intro">
          <h2 id="company-intro" className="section-title">{w.intro}</h2>
          <p className="company__intro">{intro}</p>
        </section>
      </article>
      <section className="company__products" aria-labelledby="company-products">
        <h2 id="company-products" className="section-title">{w.products} <span className="muted">{fill(g.count, { count: products.total })}</span></h2>
        {products.list.length === 0 ? <p className="empty">{w.noProducts}</p> : (
          <ul className="product-grid">{products.list.map((p, i) => <ProductCard key={p.id} product={p} eager={i < 5} />)}</ul>
        )}
        <Pager page={page} pages={pages} href={pagePath} />
      </section>
    </>
  );
}
