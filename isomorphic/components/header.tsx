// Site header: brand (product name), pattern search (words, or a photo: the camera opens the photo-search
// overlay, whose code loads when it first opens), sign-in links (coming back here) or greeting, language
// switch; under it the catalogue bar.
import { lazy, Suspense } from 'react';
import { observer } from 'mobx-react-lite';
import { Form, useLocation, useSearchParams } from 'react-router';
import { Link } from './link';
import { useTranslation } from '../i18n/react';
import { useStores } from '../stores/root.store';
import { LanguageSwitch } from './language-switch';
import { SignOutButton } from './sign-out-button';
import { CartLink } from './cart-link';
import { NoticeBell } from './notice-bell';
import { CameraIcon } from './image-search/camera-icon';
import { useWords } from './use-words';
import { useLang } from './use-lang';
import { SiteNav } from './site-nav';
import { HydrateLater } from './hydrate-later';

const ImageSearchOverlay = lazy(() => import(/* webpackChunkName: "image-search-overlay" */ './image-search/image-search-overlay'));

const headerWords = {
  photoSearch: { zh: '以图搜花', en: 'Search by photo' },
  myShop: { zh: '我的店铺', en: 'My shop' },
  console: { zh: '运营控制台', en: 'Console' },
};

export const Header = observer(function Header() {
  const { t } = useTranslation();
  const lang = useLang();
  const { auth, layout, imageSearch } = useStores();
  const w = useWords(headerWords);
  // The search box keeps the words of the results page it submitted to.
  const [params] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  // Signing in or up from the header returns to this page (not from the sign-in pages themselves).
  const { pathname, search } = useLocation();
  const back = ['/', '/login', '/register', '/findPassword'].includes(pathname) ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <header className={`site-header${layout.top ? '' : ' site-header--scrolled'}`}>
      <a className="skip-link" href="#main">{t('nav.skipToContent')}</a>
      {/* The bar hydrates in a task of its own after the layout's (HydrateLater). */}
      <HydrateLater><div className="container site-header__bar">
        <Link to="/" className="brand" aria-label={t('nav.home')}>
          <LaceMark />
          <span className="brand__text">
            <span className="brand__name">{t('site.name')}</span>
            <span className="brand__tagline">{t('site.tagline')}</span>
          </span>
        </Link>
        <Form className="search" role="search" action="/homeSearch" method="get">
          <label className="visually-hidden" htmlFor="site-search">{t('nav.searchLabel')}</label>
          <input id="site-search" className="search__input" type="search" name="keyword" defaultValue={keyword} key={keyword} maxLength={100} placeholder={t('nav.searchPlaceholder')} autoComplete="off" />
          <button className="search__photo" type="button" aria-label={w.photoSearch} title={w.photoSearch} aria-haspopup="dialog" onClick={() => imageSearch.open()}><CameraIcon size={20} /></button>
          <button className="search__button" type="submit">{t('nav.searchButton')}</button>
        </Form>
        <nav className="user-nav" aria-label={t('nav.mainMenu')}>
          {auth.isAuthenticated ? (
            <>
              <Link to="/home/person" className="user-nav__greeting" title={t('nav.person')}>{t('nav.greeting', { name: auth.displayNameIn(lang) })}</Link>
              {auth.isSeller ? <Link to="/home/shopManage" className="user-nav__link" data-nav="my-shop">{w.myShop}</Link> : null}
              {auth.isOperator ? <Link to="/platform" className="user-nav__link" data-nav="console">{w.console}</Link> : null}
              <NoticeBell />
              <SignOutButton />
            </>
          ) : (
            <>
              <Link to={`/login${back}`} className="user-nav__link">{t('nav.login')}</Link>
              <Link to={`/register${back}`} className="user-nav__link user-nav__link--primary">{t('nav.register')}</Link>
            </>
          )}
          {auth.isAuthenticated ? <CartLink /> : null}
          <LanguageSwitch />
        </nav>
      </div></HydrateLater>
      <SiteNav />
      {imageSearch.showSearch ? <Suspense fallback={null}><ImageSearchOverlay /></Suspense> : null}
    </header>
  );
});

/** The brand mark: a scalloped lace edge. */
function LaceMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="18" fill="#8c5a62" />
      <path d="M8 17c2-4 6-4 8 0 2-4 6-4 8 0 2-4 6-4 8 0" fill="none" stroke="#fbf7f0" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M8 24c2 4 6 4 8 0 2 4 6 4 8 0 2 4 6 4 8 0" fill="none" stroke="#fbf7f0" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="12" cy="20.5" r="1.2" fill="#fbf7f0" /><circle cx="20" cy="20.5" r="1.2" fill="#fbf7f0" /><circle cx="28" cy="20.5" r="1.2" fill="#fbf7f0" />
    </svg>
  );
}
