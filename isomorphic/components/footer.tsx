// Site footer: what the marketplace is, where buyers and suppliers start, how to reach us. A signed-in
// visitor gets their orders and account instead of the register and sign-in links.
import { Link } from './link';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../i18n/react';
import { useStores } from '../stores/root.store';
import { useWords } from './use-words';
import { siteNavWords } from './site-nav.words';
import { HydrateLater } from './hydrate-later';

export const Footer = observer(function Footer() {
  const { t } = useTranslation();
  const { auth } = useStores();
  const w = useWords(siteNavWords);
  const signedIn = auth.isAuthenticated;
  // Hydrates in a task of its own after the page's first pass (HydrateLater).
  return (
    <HydrateLater><footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <p className="site-footer__brand">{t('site.name')}</p>
          <p className="site-footer__about">{t('footer.about')}</p>
        </section>
        <nav aria-label={t('footer.buyers')}>
          <h2 className="site-footer__title">{t('footer.buyers')}</h2>
          <ul>
            <li><Link to="/">{t('footer.browsePatterns')}</Link></li>
            <li>{signedIn ? <Link to="/home/person/orderSample">{w.myOrders}</Link> : <Link to="/register">{t('nav.register')}</Link>}</li>
          </ul>
        </nav>
        <nav aria-label={t('footer.sellers')}>
          <h2 className="site-footer__title">{t('footer.sellers')}</h2>
          <ul>
            <li><Link to="/settle/apply">{t('footer.joinAsSupplier')}</Link></li>
            <li>{signedIn ? <Link to="/home/person">{w.myAccount}</Link> : <Link to="/login">{t('nav.login')}</Link>}</li>
          </ul>
        </nav>
        <section>
          <h2 className="site-footer__title">{t('footer.contact')}</h2>
          <p>{t('footer.hotline')}</p>
          <p>{t('footer.hours')}</p>
        </section>
      </div>
      <div className="container">
        <p className="site-footer__rights">{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer></HydrateLater>
  );
});
