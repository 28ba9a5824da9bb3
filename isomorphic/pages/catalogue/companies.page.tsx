// Company listings (/home/qualityFirm, /home/entryInfo): every mill and trader with a link to its page, so
// crawlers reach all company pages; filtered by kind in the URL, paged with links.
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { CompanySummary, Page } from '../../contracts/common';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { UserType } from '../../domain/catalogue';
import { Limits } from '../../domain/limits';
import { loaderDeps } from '../../loader-context';
import { CompanyCard } from '../../components/company-card';
import { SeoHead, breadcrumbLd } from '../../components/seo-head';
import { fill, useWords } from '../../components/use-words';
import { galleryWords } from './catalogue.words';
import { assertPageExists } from './listing-loader';
import { companyListPresets, descKey, normalisePath, titleKey } from './presets';
import { Pager, pageCount } from './pager';

const KINDS = [UserType.MANUFACTURER, UserType.TRADER] as const;

function searchOf(kind: number | undefined, page: number): string {
  const p = new URLSearchParams();
  if (kind) p.set('kind', String(kind));
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, publicUrl } = loaderDeps(context);
  const url = new URL(request.url);
  const path = normalisePath(url.pathname);
  const preset = companyListPresets[path];
  if (!preset) throw data({ code: Codes.NOT_FOUND, message: 'Not found' }, { status: 404 });
  const kindRaw = Number(url.searchParams.get('kind'));
  const kind = (KINDS as readonly number[]).includes(kindRaw) ? kindRaw : undefined;
  const pageRaw = Number(url.searchParams.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 100_000 ? pageRaw : 1;
  const companies = unwrap(await api.get<Page<CompanySummary>>('/company/listCompanies', { pageNum: page, pageSize: Limits.pageSize, kind }, { signal: request.signal }));
  assertPageExists(page, companies.total, companies.pageSize || Limits.pageSize);
  return { preset, path, kind, page, companies, publicUrl };
}

export function Component() {
  const { preset, path, kind, page, companies, publicUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const w = useWords(galleryWords);
  const pages = pageCount(companies.total, companies.pageSize);
  const title = w[titleKey(preset.key)];
  const canonicalOf = (p: number) => `${preset.canonicalPath}${searchOf(kind, p)}`;
  return (
    <>
      <SeoHead
        title={page > 1 ? `${title} ${fill(w.crumbPage, { page })}` : title}
        description={w[descKey(preset.key)]}
        publicUrl={publicUrl}
        path={canonicalOf(page)}
        prev={page > 1 ? canonicalOf(page - 1) : undefined}
        next={page < pages ? canonicalOf(page + 1) : undefined}
        structured={[breadcrumbLd(publicUrl, [{ name: t('nav.home'), path: '/' }, { name: title, path: preset.canonicalPath }])]}
      />
      <nav className="breadcrumb" aria-label={t('product.breadcrumb')}>
        <ol><li><Link to="/">{t('nav.home')}</Link></li><li aria-current="page">{title}</li></ol>
      </nav>
      <header className="hero">
        <h1 className="hero__title">{title}</h1>
        <p className="hero__subtitle">{w[descKey(preset.key)]}</p>
        <p className="hero__count">{fill(w.companyCount, { count: companies.total })}</p>
      </header>
      <section className="filters" aria-label={w.filters}>
        <div className="filters__row">
          <span className="filters__label">{w.kind}</span>
          <ul className="filters__options">
            {[undefined, ...KINDS].map((k) => (
              <li key={k ?? 'all'}>
                <Link className={`filters__option${kind === k ? ' is-active' : ''}`} aria-current={kind === k ? 'true' : undefined} to={`${path}${searchOf(k, 1)}`}>
                  {k === undefined ? w.all : k === UserType.MANUFACTURER ? w.manufacturer : w.trader}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {companies.list.length === 0 ? (
        <p className="empty">{w.emptyCompanies}</p>
      ) : (
        <ul className="company-grid">
          {companies.list.map((c) => <CompanyCard key={c.id} company={c} countLabel={fill(w.productCount, { count: c.productCount })} />)}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(p) => `${path}${searchOf(kind, p)}`} />
    </>
  );
}
