// /home/shopManage/mircoSetting: the micro-site (GET and POST /website/template): one of ten templates
// and the sections shown, in order, with a preview of the shop page as it would look before saving.
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { Page, ProductSummary } from '../../contracts/common';
import type { ShopQrCode, ShopSettings, ShopWebsite, WebsiteSettings } from '../../contracts/shop';
import { unwrap } from '../../api-client/results';
import { sectionLabels, templateOf, websiteSections, websiteTemplates, type WebsiteSection } from '../../domain/shop';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { ShopSite } from '../company/shop-site';
import { ShopManageFrame } from './shop-nav';
import { shopManageWords } from './shop-manage.words';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const signal = request.signal;
  const [website, me] = await Promise.all([
    api.get<WebsiteSettings>('/website/template', undefined, { signal }),
    api.get<ShopSettings>('/company/getMyCompany', undefined, { signal }),
  ]);
  const companyId = unwrap(me).id;
  const [site, products, qr] = await Promise.all([
    api.get<ShopWebsite>('/website/getWebsite', { companyId }, { signal }),
    api.post<Page<ProductSummary>>('/product/listLSKProduct', { pageNum: 1, pageSize: 8, kind: 1, companyId, sort: 'newest' }, { signal }),
    api.get<ShopQrCode>('/company/getCompanyQRcode', { companyId }, { signal }),
  ]);
  return {
    website: unwrap(website),
    site: unwrap(site),
    products: products.code === 0 ? products.data : { list: [], total: 0, pageNum: 1, pageSize: 8 },
    qr: qr.code === 0 ? qr.data : null,
  };
}

export function Component() {
  const { website, site, products, qr } = useLoaderData<typeof loader>();
  const w = useWords(shopManageWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [templateId, setTemplateId] = useState(website.templateId);
  const [sections, setSections] = useState<WebsiteSection[]>(website.sections as WebsiteSection[]);
  const [busy, setBusy] = useState(false);
  const unused = websiteSections.filter((s) => !sections.includes(s));

  function move(i: number, by: number) {
    const next = [...sections];
    const [s] = next.splice(i, 1);
    next.splice(i + by, 0, s);
    setSections(next);
  }

  async function save() {
    setBusy(true);
    const envelope = await run((api) => api.post<WebsiteSettings>('/website/template', { templateId, sections }));
    setBusy(false);
    if (envelope?.code === 0) await revalidator.revalidate();
  }

  return (
    <ShopManageFrame title={w.siteTitle} actions={<Link className="button" to={`/company/${site.company.id}`}>{w.viewShop}</Link>}>
      <p className="muted">{fill(w.saved, { name: templateOf(website.templateId).name[lang] })}</p>
      <fieldset className="panel__section field">
        <legend className="section-title">{w.chooseTemplate}</legend>
        <ul className="template-choices">
          {websiteTemplates.map((t) => (
            <li key={t.id}>
              <label className="template-choice">
                <span><input type="radio" name="template" value={t.id} checked={templateId === t.id} onChange={() => { setTemplateId(t.id); if (templateId !== t.id && sections.length === 0) setSections(t.defaultSections); }} /> <strong>{t.name[lang]}</strong></span>
                <small>{t.description[lang]}</small>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="panel__section field">
        <legend className="section-title">{w.chooseSections}</legend>
        <ol className="section-order">
          {sections.map((s, i) => (
            <li key={s}>
              <input type="checkbox" checked onChange={() => setSections(sections.filter((x) => x !== s))} aria-label={sectionLabels[s][lang]} />
              <span>{sectionLabels[s][lang]}</span>
              <button type="button" className="link-button" disabled={i === 0} onClick={() => move(i, -1)} aria-label={fill(w.moveUp, { name: sectionLabels[s][lang] })}>↑</button>
              <button type="button" className="link-button" disabled={i === sections.length - 1} onClick={() => move(i, 1)} aria-label={fill(w.moveDown, { name: sectionLabels[s][lang] })}>↓</button>
            </li>
          ))}
          {unused.map((s) => (
            <li key={s} className="muted">
              <input type="checkbox" checked={false} onChange={() => setSections([...sections, s])} aria-label={sectionLabels[s][lang]} />
              <span>{sectionLabels[s][lang]}</span>
            </li>
          ))}
        </ol>
        {sections.length === 0 ? <p className="field__error" role="alert">{w.sectionsRequired}</p> : null}
      </fieldset>
      <p>
        <button type="button" className="button button--primary" disabled={busy || sections.length === 0} aria-busy={busy || undefined} onClick={() => void save()}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}{busy ? w.saving : w.save}
        </button>
      </p>
      <section className="panel__section" aria-labelledby="site-preview">
        <h2 className="section-title" id="site-preview">{w.preview}</h2>
        <div className="preview-frame" inert>
          <ShopSite site={site} products={products} qr={qr} website={{ templateId, sections }} preview />
        </div>
      </section>
    </ShopManageFrame>
  );
}
