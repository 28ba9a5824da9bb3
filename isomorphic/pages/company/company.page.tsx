// A company's page (/company/:id): the shop's micro-site in the template and sections its seller chose
// (shop-site.tsx), with its patterns (paged with links), verified badge, QR code, location and a follow
// link. Organization and BreadcrumbList JSON-LD for crawlers; unknown id 404, removed company 410.
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { Page, ProductSummary } from '../../contracts/common';
import type { ShopQrCode, ShopWebsite } from '../../contracts/shop';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { Limits } from '../../domain/limits';
import { loaderDeps } from '../../loader-context';
import { ShopSite } from './shop-site';
import { CollectButton, FavouriteType, favouriteStatus } from '../../components/collect-button';
import { companyName } from '../../components/company-card';
import { SeoHead, absoluteUrl, breadcrumbLd } from '../../components/seo-head';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { companyWords, galleryWords } from '../catalogue/catalogue.words';
import { assertPageExists } from '../catalogue/listing-loader';
import { Pager, pageCount } from '../catalogue/pager';
import { byLang } from '../../domain/format';

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
  const [siteEnvelope, productsEnvelope, followed, qrEnvelope] = await Promise.all([
    api.get<ShopWebsite>('/website/getWebsite', { companyId: id }, { signal }),
    api.post<Page<ProductSummary>>('/product/listLSKProduct', { pageNum: page, pageSize: Limits.pageSize, kind: 1, companyId: id, sort: 'newest' }, { signal }),
    favouriteStatus(api, FavouriteType.COMPANY, id, stores.auth.isAuthenticated, signal),
    api.get<ShopQrCode>('/company/getCompanyQRcode', { companyId: id }, { signal }),
  ]);
  const site = unwrap(siteEnvelope);
  const company = site.company;
  const qr = qrEnvelope.code === Codes.OK ? qrEnvelope.data : null;
  const products = productsEnvelope.code === Codes.OK ? productsEnvelope.data : { list: [], total: 0, pageNum: 1, pageSize: Limits.pageSize };
  assertPageExists(page, products.total, products.pageSize || Limits.pageSize);
  return { company, site, qr, products, page, followed, publicUrl };
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  return <CompanyView key={loaded.company.id} {...loaded} />;
}

function CompanyView({ company, site, qr, products, page, followed, publicUrl }: Awaited<ReturnType<typeof loader>>) {
  const { t } = useTranslation();
  const lang = useLang();
  const w = useWords(companyWords);
  const g = useWords(galleryWords);
  const name = companyName(company, lang);
  const intro = byLang(lang, company.intro, company.introEn) || t('site.description');
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
      <ShopSite
        site={site}
        products={products}
        qr={qr}
        actions={<CollectButton type={FavouriteType.COMPANY} targetId={company.id} initial={followed} />}
        productsFooter={<Pager page={page} pages={pages} href={pagePath} />}
      />
    </>
  );
}
