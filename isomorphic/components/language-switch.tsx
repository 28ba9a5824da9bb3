// Switches the page language: a real link (?lang=) that works without script; with script it sets the
// `lang` cookie, loads the other language's words (a page carries only its own), re-renders in place and
// reloads route data in the new language.
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../i18n/react';
import { htmlLang, type Lang } from '../i18n/index';
import { loadLocale } from '../i18n/load-locale';
import { Limits } from '../domain/limits';
import { useLang } from './use-lang';

const ONE_YEAR_S = 365 * 24 * 3600;

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const other: Lang = lang === 'zh' ? 'en' : 'zh';
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const params = new URLSearchParams(location.search);
  params.set('lang', other);
  const href = `${location.pathname}?${params.toString()}${location.hash}`;

  function onClick(e: React.MouseEvent<HTMLAnchorElement>) {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    document.cookie = `${Limits.langCookie}=${other}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
    void switchTo();
  }

  async function switchTo() {
    if (!i18n.hasWords(other)) {
      try {
        i18n.addWords(other, await loadLocale(other));
      } catch {
        // The words could not be fetched (offline, a new deploy): the link's own page load switches instead.
        window.location.assign(href);
        return;
      }
    }
    i18n.changeLanguage(other);
    document.documentElement.lang = htmlLang[other];
    const current = new URLSearchParams(location.search);
    if (current.has('lang')) {
      current.set('lang', other);
      navigate({ pathname: location.pathname, search: `?${current.toString()}`, hash: location.hash }, { replace: true, preventScrollReset: true });
    } else {
      void revalidator.revalidate();
    }
  }

  return (
    <a className="lang-switch" href={href} hrefLang={htmlLang[other]} lang={htmlLang[other]} onClick={onClick} aria-label={`${t('nav.language')}: ${t('nav.switchTo')}`}>
      {t('nav.switchTo')}
    </a>
  );
}
