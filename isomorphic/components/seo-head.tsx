// What a public page puts in <head> for people and crawlers: title, description, canonical and hreflang
// links (normalised path), rel prev/next, Open Graph with an absolute image, and JSON-LD. React 19 hoists
// these into the document head on the server and in the browser.
import { useTranslation } from '../i18n/react';
import { canonicalLinks, jsonLd } from '../seo';
import { useLang } from './use-lang';

export interface SeoHeadProps {
  title: string;
  description: string;
  publicUrl: string;
  /** Path and normalised query of the page's canonical URL, e.g. /flower?shape=200010. */
  path: string;
  image?: string;
  ogType?: 'website' | 'product' | 'profile';
  prev?: string;
  next?: string;
  noindex?: boolean;
  structured?: unknown[];
}

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).toString();
}

export function SeoHead({ title, description, publicUrl, path, image, ogType = 'website', prev, next, noindex, structured = [] }: SeoHeadProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const links = canonicalLinks(publicUrl, path, lang);
  const fullTitle = `${title} - ${t('site.name')}`;
  const withLang = (p: string) => canonicalLinks(publicUrl, p, lang).canonical;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description.slice(0, 160)} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      <link rel="canonical" href={links.canonical} />
      {links.alternates.map((a) => <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />)}
      {prev ? <link rel="prev" href={withLang(prev)} /> : null}
      {next ? <link rel="next" href={withLang(next)} /> : null}
      <meta property="og:site_name" content={t('site.name')} />
      <meta property="og:type" content={ogType} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description.slice(0, 200)} />
      <meta property="og:url" content={links.canonical} />
      <meta property="og:locale" content={lang === 'en' ? 'en_US' : 'zh_CN'} />
      {image ? <meta property="og:image" content={absoluteUrl(publicUrl, image)} /> : null}
      {structured.map((s, i) => <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(s) }} />)}
    </>
  );
}

/** schema.org BreadcrumbList from (name, path) pairs. */
export function breadcrumbLd(publicUrl: string, items: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: absoluteUrl(publicUrl, item.path) })),
  };
}
