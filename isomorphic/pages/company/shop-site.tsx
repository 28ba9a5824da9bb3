// The public shop page's body: the chosen template (one of ten layouts, isomorphic/domain/shop.ts)
// arranging the chosen sections in the chosen order. Server-rendered, so crawlers read every section;
// only the AMap map (when configured) mounts in the browser. The shop manager's preview renders the
// same component with the seller's unsaved choice.
import type { ReactNode } from 'react';
import type { Page, ProductSummary } from '../../contracts/common';
import type { Certificate, ShopQrCode, ShopWebsite, WebsiteSettings } from '../../contracts/shop';
import {
  amapMarkerUrl, annualTurnovers, businessModels, certificateTypes, companyTypes, machineKinds, partnerKinds, sectionLabels, templateOf, websiteSections, type WebsiteSection,
} from '../../domain/shop';
import { userTypeLabels } from '../../domain/catalogue';
import { LazyImage } from '../../components/lazy-image';
import { ProductCard } from '../../components/product-card';
import { companyName } from '../../components/company-card';
import { ShopMap } from '../../components/maps/shop-map';
import { useLang } from '../../components/use-lang';
import { fill, useWords, type Said } from '../../components/use-words';
import { companyWords } from '../catalogue/catalogue.words';
import { shopWords } from './shop.words';
import { byLang, groupDigits } from '../../domain/format';

export interface ShopSiteProps {
  site: ShopWebsite;
  products: Page<ProductSummary>;
  qr: ShopQrCode | null;
  /** the template and sections to render (the saved ones, or the manager's preview) */
  website?: WebsiteSettings;
  /** rendered under the products (the pager on the shop page, a link in the preview) */
  productsFooter?: ReactNode;
  /** the follow button, beside the name */
  actions?: ReactNode;
  preview?: boolean;
}

type W = Said<typeof shopWords> & Said<typeof companyWords>;

function label(table: Record<number, { zh: string; en: string }>, code: number | null, lang: 'zh' | 'en'): string {
  return code === null ? '' : table[code]?.[lang] ?? '';
}

export function VerifiedBadge({ w, small = false }: { w: W; small?: boolean }) {
  return <span className={`verified-badge${small ? ' verified-badge--small' : ''}`} title={w.verifiedHint}><span aria-hidden="true">✓</span> {w.verified}</span>;
}

export function ShopSite({ site, products, qr, website, productsFooter, actions, preview = false }: ShopSiteProps) {
  const lang = useLang();
  const w = { ...useWords(companyWords), ...useWords(shopWords) };
  const chosen = website ?? site.website;
  const template = templateOf(chosen.templateId);
  // The public page leaves out a section with nothing in it yet; the manager's preview shows them all.
  const empty: Partial<Record<WebsiteSection, boolean>> = { album: site.album.length === 0, certificates: site.certificates.length === 0, equipment: site.devices.length === 0, partners: site.partners.length === 0 };
  const sections = chosen.sections.filter((s): s is WebsiteSection => (websiteSections as readonly string[]).includes(s) && (preview || !empty[s as WebsiteSection]));
  const c = site.company;
  const name = companyName(c, lang);
  const render = (key: WebsiteSection) => <SiteSection key={key} id={key} site={site} products={products} w={w} lang={lang} name={name} footer={productsFooter} layout={template.layout} />;

  const head = (
    <header className="site__head">
      <span className="site__logo"><LazyImage src={c.logoUrl} alt={fill(w.logoAlt, { name })} eager round width={96} height={96} sizes="96px" /></span>
      <div className="site__titles">
        <h1 className="site__name">{name}</h1>
        <p className="site__kind">
          {userTypeLabels[c.kind]?.[lang] ?? ''}{c.abbreviation ? ` · ${c.abbreviation}` : ''}
          {site.verified ? <> <VerifiedBadge w={w} /></> : null}
        </p>
      </div>
      {actions}
    </header>
  );

  const card = <CompanyCard site={site} qr={qr} w={w} lang={lang} name={name} preview={preview} />;
  const nav = template.layout === 'tabs' ? (
    <nav className="site__nav" aria-label={w.sectionNav}>
      <ul>{sections.map((s) => <li key={s}><a href={`#site-${s}`}>{sectionLabels[s][lang]}</a></li>)}</ul>
    </nav>
  ) : null;

  let body: ReactNode;
  switch (template.layout) {
    case 'sidebar-left':
    case 'sidebar-right':
      body = <div className="site__columns">{template.layout === 'sidebar-left' ? <aside className="site__aside">{card}</aside> : null}<div className="site__main">{sections.map(render)}</div>{template.layout === 'sidebar-right' ? <aside className="site__aside">{card}</aside> : null}</div>;
      break;
    case 'catalogue': {
      const wide: WebsiteSection[] = ['banner', 'products', 'album', 'intro', 'partners'];
      body = (
        <div className="site__columns">
          <div className="site__main">{sections.filter((s) => wide.includes(s)).map(render)}</div>
          <aside className="site__aside">{card}{sections.filter((s) => !wide.includes(s)).map(render)}</aside>
        </div>
      );
      break;
    }
    default:
      body = <div className="site__flow">{sections.map(render)}{template.layout === 'minimal' || template.layout === 'gallery' || template.layout === 'tabs' ? null : card}</div>;
  }

  return (
    <div className={`site site--${template.layout}`} data-template={template.id}>
      {head}
      {nav}
      {body}
      {template.layout === 'minimal' || template.layout === 'gallery' || template.layout === 'tabs' ? <div className="site__footer-card">{card}</div> : null}
    </div>
  );
}

function CompanyCard({ site, qr, w, lang, name, preview }: { site: ShopWebsite; qr: ShopQrCode | null; w: W; lang: 'zh' | 'en'; name: string; preview: boolean }) {
  const c = site.company;
  const business = byLang(lang, c.mainBusiness, c.mainBusinessEn);
  const facts: Array<[string, string]> = [];
  if (c.province || c.city) facts.push([w.location, [c.province, c.city].filter(Boolean).join(' ')]);
  if (business) facts.push([w.mainBusiness, business]);
  if (c.tel) facts.push([w.tel, c.tel]);
  if (site.fax) facts.push([w.fax, site.fax]);
  if (c.establishedAt) facts.push([w.established, c.establishedAt.slice(0, 10)]);
  if (site.registeredCapital !== null) facts.push([w.capital, fill(w.capitalValue, { n: site.registeredCapital, amount: groupDigits(site.registeredCapital * 10_000) })]);
  if (site.companyType !== null) facts.push([w.companyType, label(companyTypes, site.companyType, lang)]);
  if (site.businessModel !== null) facts.push([w.businessModel, label(businessModels, site.businessModel, lang)]);
  if (site.annualTurnover !== null) facts.push([w.turnover, label(annualTurnovers, site.annualTurnover, lang)]);
  if (c.staffCount) facts.push([w.staff, String(c.staffCount)]);
  if (c.workshopArea) facts.push([w.workshop, fill(w.workshopValue, { area: c.workshopArea })]);
  if (site.markets) facts.push([w.markets, site.markets]);
  if (site.customers) facts.push([w.customers, site.customers]);
  return (
    <div className="site-card">
      {facts.length > 0 ? <dl className="site-card__facts">{facts.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}</dl> : null}
      {qr ? (
        <figure className="site-card__qr">
          {/* The SVG is made by the api's qrcode library from the shop's own URL. */}
          <span className="site-card__qr-code" role="img" aria-label={fill(w.qrAlt, { name })} dangerouslySetInnerHTML={{ __html: qr.svg }} />
          <figcaption>
            <strong>{w.qrTitle}</strong>
            <span className="muted">{w.qrHint}</span>
            {preview ? null : <a className="button" href={qr.png} download={`shop-${c.id}-qr.png`}>{w.qrDownload}</a>}
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}

interface SectionProps {
  id: WebsiteSection;
  site: ShopWebsite;
  products: Page<ProductSummary>;
  w: W;
  lang: 'zh' | 'en';
  name: string;
  footer?: ReactNode;
  layout: string;
}

function SiteSection({ id, site, products, w, lang, name, footer, layout }: SectionProps) {
  const c = site.company;
  const title = sectionLabels[id][lang];
  const heading = <h2 className="section-title" id={`site-${id}-title`}>{title}</h2>;
  const wrap = (children: ReactNode, withTitle = true) => (
    <section id={`site-${id}`} className={`site__section site__section--${id}`} aria-labelledby={withTitle ? `site-${id}-title` : undefined} aria-label={withTitle ? undefined : title}>
      {withTitle ? heading : null}
      {children}
    </section>
  );
  switch (id) {
    case 'banner':
      return wrap(c.bannerUrl
        ? <span className="site__banner"><LazyImage src={c.bannerUrl} alt={fill(w.bannerAlt, { name })} eager priority width={1190} height={298} sizes="(max-width: 1190px) calc(100vw - 22px), 1190px" /></span>
        : <div className="site__banner site__banner--plain"><p>{byLang(lang, c.mainBusiness, c.mainBusinessEn)}</p></div>, false);
    case 'intro': {
      const intro = byLang(lang, c.intro, c.introEn) || '';
      return wrap(<p className="site__intro">{intro || '—'}</p>);
    }
    case 'album':
      return wrap(site.album.length === 0 ? <p className="empty">{w.noAlbum}</p> : (
        <ul className="site__album">
          {site.album.map((a, i) => <li key={a.path}><LazyImage src={a.url} alt={fill(w.albumAlt, { name, n: i + 1 })} width={480} height={360} sizes="(max-width: 600px) 50vw, 300px" zoom /></li>)}
        </ul>
      ));
    case 'products':
      return wrap(
        <>
          <p className="muted">{fill(w.products, {})} · {products.total}</p>
          {products.list.length === 0 ? <p className="empty">{w.noProducts}</p> : (
            <ul className={`product-grid${layout === 'catalogue' ? ' product-grid--wide' : ''}`}>
              {products.list.map((p, i) => <ProductCard key={p.id} product={p} priority={i === 0 && !c.bannerUrl} verified={site.verified} />)}
            </ul>
          )}
          {footer}
        </>,
      );
    case 'certificates':
      return wrap(site.certificates.length === 0 ? <p className="empty">{w.noCertificates}</p> : (
        <ul className="site__certs">{site.certificates.map((cert) => <CertificateCard key={cert.id} cert={cert} w={w} lang={lang} />)}</ul>
      ));
    case 'equipment':
      return wrap(site.devices.length === 0 ? <p className="empty">{w.noEquipment}</p> : (
        <div className="table-scroll">
          <table className="site__devices">
            <thead><tr><th scope="col">{w.machine}</th><th scope="col">{w.model}</th><th scope="col">{w.gauge}</th><th scope="col">{w.needles}</th><th scope="col">{w.count}</th></tr></thead>
            <tbody>
              {site.devices.map((d) => (
                <tr key={d.id}>
                  <td>{label(machineKinds, d.kind, lang)}</td><td>{d.name || '—'}</td><td>{d.gauge || '—'}</td><td>{d.needles ?? '—'}</td><td>{fill(w.countValue, { count: d.count })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ));
    case 'partners':
      return wrap(site.partners.length === 0 ? <p className="empty">{w.noPartners}</p> : (
        <ul className="site__partners">
          {site.partners.map((p) => (
            <li key={p.id}>
              {p.logo ? <span className="site__partner-logo"><LazyImage src={p.logo.url} alt={fill(w.partnerLogoAlt, { name: p.name })} width={64} height={64} sizes="64px" round /></span> : null}
              <div>
                <strong>{p.name}</strong>
                <span className="muted"> · {label(partnerKinds, p.kind, lang)}{p.provinceName ? ` · ${p.provinceName} ${p.cityName}` : ''}</span>
                {p.intro ? <p>{p.intro}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      ));
    case 'location':
      return wrap(<LocationCard site={site} w={w} name={name} />);
  }
}

function CertificateCard({ cert, w, lang }: { cert: Certificate; w: W; lang: 'zh' | 'en' }) {
  const typeName = cert.name || label(certificateTypes, cert.type, lang);
  return (
    <li className="cert">
      {cert.images[0] ? <span className="cert__image"><LazyImage src={cert.images[0].url} alt={fill(w.certImageAlt, { name: typeName })} width={240} height={320} sizes="120px" /></span> : null}
      <div className="cert__body">
        <p className="cert__name">{typeName} {cert.badged ? <span className="verified-badge verified-badge--small"><span aria-hidden="true">✓</span> {w.certificateBadge}</span> : null}</p>
        <p className="muted">{w.certNumber}: {cert.number}</p>
        <p className="muted">{w.issuer}: {cert.issuer}</p>
        <p className="muted">{w.validity}: {cert.validFrom} – {cert.validTo ?? w.longTerm}</p>
      </div>
    </li>
  );
}

/** The static location card: always server-rendered; the AMap map joins it when a key is configured. */
export function LocationCard({ site, w, name }: { site: ShopWebsite; w: W; name: string }) {
  const c = site.company;
  const region = [c.province, c.city].filter(Boolean).join(' ');
  if (!region && !c.address && c.lat === null) return <p className="empty">{w.noLocation}</p>;
  return (
    <div className="location">
      <address className="location__card">
        <strong>{name}</strong>
        {region || c.address ? <span>{region} {c.address}</span> : null}
        {c.tel ? <span>{w.tel}: {c.tel}</span> : null}
        {c.lat !== null && c.lng !== null ? (
          <>
            <span className="muted">{w.coordinates}: {c.lat.toFixed(5)}, {c.lng.toFixed(5)}</span>
            <a href={amapMarkerUrl(c.lng, c.lat, name)} target="_blank" rel="noopener noreferrer">{w.openMap}</a>
          </>
        ) : null}
      </address>
      {site.maps.provider === 'amap' && c.lat !== null && c.lng !== null ? <ShopMap settings={site.maps} lat={c.lat} lng={c.lng} name={name} /> : null}
    </div>
  );
}

