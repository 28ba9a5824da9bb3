// The catalogue bar under the header, on every page: patterns (all, or by type), garments, new arrivals,
// mills and custom orders. Plain links in the server's HTML, so crawlers follow them and they work
// before the script loads; a pattern-type list opens on hover or keyboard focus; on phones the whole
// list sits behind a menu button that opens it (Escape or choosing a page closes it).
import { useEffect, useLayoutEffect, useState } from 'react';
import { useStableId } from './use-stable-id';
import { useLocation } from 'react-router';
import { Link } from './link';
import { PatternType, patternTypeLabels } from '../domain/catalogue';
import { useLang } from './use-lang';
import { useWords } from './use-words';
import { siteNavWords } from './site-nav.words';
import { HydrateLater } from './hydrate-later';

const patternTypes = Object.values(PatternType);

/** Where the bar leads. */
export const siteNavPaths = ['/flower', '/clothesGallery', '/goodAndNew', '/home/qualityFirm', '/supplyAndBuy', '/flower/custom', '/home/clothes/custom'] as const;

export function SiteNav() {
  const w = useWords(siteNavWords);
  const lang = useLang();
  const listId = useStableId();
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  // Choosing a page closes the phone menu.
  useEffect(() => { setOpen(false); }, [pathname, search]);
  // A layout effect: Escape closes the menu even when pressed at once after it opened (see modal.tsx).
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  // The page itself is marked current: its path, and its query when the link has one (a pattern type).
  const current = (to: string) => {
    const [path, query] = to.split('?');
    return path === pathname && (query === undefined ? !new URLSearchParams(search).has('patternType') : new URLSearchParams(search).get('patternType') === new URLSearchParams(query).get('patternType'));
  };
  const item = (to: string, label: string) => (
    <Link to={to} className={`site-nav__link${current(to) ? ' is-active' : ''}`} aria-current={current(to) ? 'page' : undefined}>{label}</Link>
  );
  // Hydrates in a task of its own after the page's first pass (HydrateLater).
  return (
    <HydrateLater><nav className={`site-nav${open ? ' is-open' : ''}`} aria-label={w.catalogue}>
      <div className="container site-nav__bar">
        <button type="button" className="site-nav__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          <span className="site-nav__burger" aria-hidden="true" />
          {open ? w.closeMenu : w.menu}
        </button>
        <ul className="site-nav__list" id={listId}>
          <li className="site-nav__item site-nav__item--group">
            {item('/flower', w.patterns)}
            <ul className="site-nav__sub" aria-label={w.patternTypes}>
              {patternTypes.map((code) => <li key={code}>{item(`/flower?patternType=${code}`, patternTypeLabels[code][lang])}</li>)}
            </ul>
          </li>
          <li className="site-nav__item">{item('/clothesGallery', w.garments)}</li>
          <li className="site-nav__item">{item('/goodAndNew', w.newArrivals)}</li>
          <li className="site-nav__item">{item('/home/qualityFirm', w.mills)}</li>
          <li className="site-nav__item">{item('/supplyAndBuy', w.hall)}</li>
          <li className="site-nav__item">{item('/flower/custom', w.customPattern)}</li>
          <li className="site-nav__item">{item('/home/clothes/custom', w.customGarment)}</li>
        </ul>
      </div>
    </nav></HydrateLater>
  );
}
