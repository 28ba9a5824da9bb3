// Product detail (/flower/:id): large image, thumbnails, colour cards, price, supplier, specifications.
// Unknown id → 404, removed pattern (api 410) → 410, both with the real status.
import { useState } from 'react';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { useTranslation } from '../../i18n/react';
import type { CompanyInfo, ProductDetail } from '../../contracts/common';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { craftLabels, edgeLabels, patternTypeLabels, shapeLabels, stretchLabels, unitLabels } from '../../domain/catalogue';
import { PriceLadderTable } from './price-ladder-table';
import { compositionIn } from '../../domain/composition';
import { priceLadderWords } from './price-ladder.words';
import { byLang, hasPrice } from '../../domain/format';
import { loaderDeps } from '../../loader-context';
import { LazyImage } from '../../components/lazy-image';
import { ThumbnailStrip } from '../../components/thumbnail-strip';
import { ColourCardPicker, colourName } from '../../components/colour-card-picker';
import { Price } from '../../components/price';
import { Modal } from '../../components/modal';
import { productTitle } from '../../components/product-card';
import { useLang } from '../../components/use-lang';
import { canonicalLinks, jsonLd } from '../../seo';
import { CollectButton, FavouriteType, favouriteStatus } from '../../components/collect-button';
import { absoluteUrl, breadcrumbLd } from '../../components/seo-head';
import { favouriteWords } from '../../components/favourite.words';
import { AddToCart } from './add-to-cart';
import { AskSeller } from '../enquiry/ask-seller';
import { EnquiryTarget } from '../../domain/enquiry';
import { HydrateLater } from '../../components/hydrate-later';

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { api, publicUrl, stores } = loaderDeps(context);
  const id = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id ?? '') || !Number.isSafeInteger(id) || id <= 0) {
    throw data({ code: Codes.NOT_FOUND, message: 'Not found' }, { status: 404 });
  }
  const signal = request.signal;
  // Whether the visitor collected it (false for guests); asked alongside the product.
  const followedPromise = favouriteStatus(api, FavouriteType.PRODUCT, id, stores.auth.isAuthenticated, signal);
  // The detail carries its colour cards: one call.
  const product = unwrap(await api.get<ProductDetail>(`/product/getProduct/${id}`, undefined, { signal }));
  const colourCards = product.colourCards;
  // The supplier card is a nicety: the page stands without it.
  const companyEnvelope = await api.get<CompanyInfo>('/company/getCompanyInfo', { companyId: product.companyId }, { signal }).catch(() => null);
  const company = companyEnvelope && companyEnvelope.code === Codes.OK ? companyEnvelope.data : null;
  return { product, colourCards: [...colourCards].sort((a, b) => a.sort - b.sort), company, publicUrl, followed: await followedPromise };
}

type ProductData = Awaited<ReturnType<typeof loader>>;

/** The main picture: the page's width on a phone, half the 1190 px content on a wide screen. */
// One column below 760 px: the window less the gutters and the panel's padding (2 × 0.75rem + 2 × 1rem).
const MAIN_IMAGE_SIZES = '(max-width: 760px) calc(100vw - 52px), 560px';

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  // A new product starts with its own first image and no colour chosen.
  return <ProductView key={loaded.product.id} {...loaded} />;
}

function ProductView({ product, colourCards, company, publicUrl, followed }: ProductData) {
  const { t } = useTranslation();
  const lang = useLang();
  const title = productTitle(product, lang);
  const images = [...product.images].sort((a, b) => a.sort - b.sort);
  const gallery = (images.length > 0 ? images.map((i) => i.url) : [product.coverUrl]).map((url, i) => ({
    url,
    alt: t('product.imageAltNumbered', { title, code: product.code, index: i + 1 }),
  }));
  const [active, setActive] = useState(0);
  const [colourId, setColourId] = useState<number | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const colour = colourCards.find((c) => c.id === colourId) ?? null;
  const main = colour
    ? { url: colour.imageUrl, alt: t('product.colourImageAlt', { title, colour: colourName(colour, lang) }) }
    : gallery[Math.min(active, gallery.length - 1)];

  const description = byLang(lang, product.description, product.descriptionEn) || t('site.description');
  const companyName = byLang(lang, product.companyName, product.companyNameEn);
  const links = canonicalLinks(publicUrl, `/flower/${product.id}`, lang);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: title,
    sku: product.code,
    image: gallery.map((g) => new URL(g.url, `${publicUrl}/`).toString()),
    description,
    brand: { '@type': 'Brand', name: companyName },
    url: links.canonical,
    ...(hasPrice(product.price)
      ? { offers: { '@type': 'Offer', price: (product.price / 100).toFixed(2), priceCurrency: 'CNY', availability: 'https://schema.org/InStock', url: links.canonical, seller: { '@type': 'Organization', name: companyName, url: absoluteUrl(publicUrl, `/company/${product.companyId}`) } } }
      : {}),
  };
  const specs: Array<[string, string]> = [
    [t('product.patternType'), patternTypeLabels[product.patternType]?.[lang] ?? t('product.notAvailable')],
    [t('product.shape'), shapeLabels[product.shape]?.[lang] ?? t('product.notAvailable')],
    [t('product.unit'), unitLabels[product.unit]?.[lang] ?? t('product.notAvailable')],
    [t('product.width'), product.width ? t('product.widthValue', { width: product.width }) : t('product.notAvailable')],
    [t('product.composition'), compositionIn(product.composition, lang) || t('product.notAvailable')],
    ...attributeRows(product, lang),
    [t('product.views'), String(product.views)],
  ];

  return (
    <>
      <title>{`${title} ${product.code} - ${t('site.name')}`}</title>
      <meta name="description" content={description.slice(0, 160)} />
      <link rel="canonical" href={links.canonical} />
      {links.alternates.map((a) => <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />)}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(breadcrumbLd(publicUrl, [{ name: t('nav.home'), path: '/' }, { name: favouriteWords.galleryName[lang], path: '/flower' }, { name: title, path: `/flower/${product.id}` }])) }} />
      <meta property="og:type" content="product" />
      <meta property="og:site_name" content={t('site.name')} />
      <meta property="og:title" content={`${title} ${product.code}`} />
      <meta property="og:description" content={description.slice(0, 200)} />
      <meta property="og:url" content={links.canonical} />
      <meta property="og:image" content={absoluteUrl(publicUrl, gallery[0].url)} />
      {hasPrice(product.price) ? <meta property="product:price:amount" content={(product.price / 100).toFixed(2)} /> : null}
      {hasPrice(product.price) ? <meta property="product:price:currency" content="CNY" /> : null}

      {/* The parts below the picture and title hydrate in tasks of their own (HydrateLater). */}
      <HydrateLater><nav className="breadcrumb" aria-label={t('product.breadcrumb')}>
        <ol>
          <li><Link to="/">{t('nav.home')}</Link></li>
          <li><Link to="/flower">{favouriteWords.galleryName[lang]}</Link></li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav></HydrateLater>

      <article className="product">
        <section className="product__gallery" aria-label={t('product.images')}>
          <div className="product__main-image">
            <LazyImage src={main.url} alt={main.alt} priority zoom sizes={MAIN_IMAGE_SIZES} />
          </div>
          <ThumbnailStrip images={gallery} active={active} onSelect={(i) => { setColourId(null); setActive(i); }} />
        </section>

        <section className="product__info">
          <div className="product__title-row">
            <h1 className="product__title">{title}</h1>
            <CollectButton type={FavouriteType.PRODUCT} targetId={product.id} initial={followed} />
          </div>
          <p className="product__code">{t('product.code')} {product.code}</p>
          <div className="product__price">
            <span className="product__price-label">{t('product.price')}</span>
            <Price cents={product.price} unit={product.unit} />
          </div>

          <PriceLadderTable ladder={product.ladder} unit={product.unit} weightPerMetre={product.weightPerMetre} />

          <h2 className="section-title">{t('product.colourCards')}</h2>
          <HydrateLater><ColourCardPicker cards={colourCards} selected={colourId} onSelect={(c) => setColourId(c.id === colourId ? null : c.id)} /></HydrateLater>
          <HydrateLater><AddToCart productId={product.id} colour={colour} price={product.price} unit={product.unit} ladder={product.ladder} gramsPerMetre={product.weightPerMetre} /></HydrateLater>

          <h2 className="section-title">{t('product.specs')}</h2>
          <HydrateLater><dl className="specs">
            {specs.map(([k, v]) => (
              <div key={k} className="specs__row"><dt>{k}</dt><dd>{v}</dd></div>
            ))}
          </dl></HydrateLater>

          <HydrateLater><div className="supplier">
            <p className="supplier__label">{t('product.supplier')}</p>
            <p className="supplier__name"><Link to={`/company/${product.companyId}`}>{companyName}</Link></p>
            {company ? (
              <dl className="supplier__facts">
                {company.province || company.city ? <div><dt>{t('product.location')}</dt><dd>{[company.province, company.city].filter(Boolean).join(lang === 'en' ? ', ' : ' ')}</dd></div> : null}
                {company.mainBusiness ? <div><dt>{t('product.mainBusiness')}</dt><dd>{byLang(lang, company.mainBusiness, company.mainBusinessEn)}</dd></div> : null}
              </dl>
            ) : null}
            <button type="button" className="button button--primary" onClick={() => setContactOpen(true)}>{t('product.contactSupplier')}</button>
            <AskSeller kind={EnquiryTarget.PRODUCT} targetId={product.id} ownerCompanyId={product.companyId} />
          </div></HydrateLater>
        </section>
      </article>

      <HydrateLater><section className="product__description" aria-labelledby="product-description">
        <h2 id="product-description" className="section-title">{t('product.description')}</h2>
        <p>{description}</p>
      </section></HydrateLater>

      <Modal
        open={contactOpen}
        title={companyName}
        onClose={() => setContactOpen(false)}
        footer={<button type="button" className="button button--primary" onClick={() => setContactOpen(false)}>{t('modal.confirm')}</button>}
      >
        <p>{company?.tel ? t('product.tel', { tel: company.tel }) : t('product.noTel')}</p>
        {company?.address ? <p>{company.address}</p> : null}
      </Modal>
    </>
  );
}

/** The lace attributes the seller gave (edge, craft, stretch), as spec rows. */
function attributeRows(p: { edge: number | null; craft: number | null; stretch: number | null }, lang: 'zh' | 'en'): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (p.edge !== null && edgeLabels[p.edge]) rows.push([priceLadderWords.edge[lang], edgeLabels[p.edge][lang]]);
  if (p.craft !== null && craftLabels[p.craft]) rows.push([priceLadderWords.craft[lang], craftLabels[p.craft][lang]]);
  if (p.stretch !== null && stretchLabels[p.stretch]) rows.push([priceLadderWords.stretch[lang], stretchLabels[p.stretch][lang]]);
  return rows;
}
