// Site footer: what the marketplace is, where buyers and suppliers start, how to reach us.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <p className="site-footer__brand">{t('site.name')}</p>
          <p className="site-footer__about">{t('footer.about')}</p>
        </section>
        <nav aria-label={t('footer.buyers')}>
          <h2 className="site-footer__title">{t('footer.buyers')}</h2>
          <ul><li><Link to="/">{t('footer.browsePatterns')}</Link></li><li><Link to="/register">{t('nav.register')}</Link></li></ul>
        </nav>
        <nav aria-label={t('footer.sellers')}>
          <h2 className="site-footer__title">{t('footer.sellers')}</h2>
          <ul><li><Link to="/settle/apply">{t('footer.joinAsSupplier')}</Link></li><li><Link to="/login">{t('nav.login')}</Link></li></ul>
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
    </footer>
  );
}
