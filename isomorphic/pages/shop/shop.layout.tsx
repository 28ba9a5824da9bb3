// /home/shopManage: the shop manager's frame for settled sellers (loadSessionFor('seller') refuses
// anyone else with 403). The side menu shows the entries of SPEC §2 whose pages exist (domain/shop.ts).
import { Link, Outlet, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { shopMenu, shopMenuGroupLabels, type ShopMenuGroup } from '../../domain/shop-menu';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { loadSessionFor } from '../session-loader';
import { shopWords } from './shop.words';
import { byLang } from '../../domain/format';

export const loader = (args: LoaderFunctionArgs) => loadSessionFor('seller', args);

export function currentShopKey(pathname: string): string {
  return pathname.replace(/^\/home\/shopManage\/?/, '').split('/')[0];
}

export function Component() {
  const info = useLoaderData<typeof loader>();
  const lang = useLang();
  const w = useWords(shopWords);
  const current = currentShopKey(useLocation().pathname);
  const company = info.company ? byLang(lang, info.company.name, info.company.nameEn) : '';
  const groups = (Object.keys(shopMenuGroupLabels) as ShopMenuGroup[])
    .map((group) => ({ group, items: shopMenu.filter((e) => e.group === group) }))
    .filter((g) => g.items.length > 0);
  return (
    <div className="person shop">
      <nav className="person__menu" aria-label={w.menu}>
        <p className="person__name"><Link to="/home/shopManage">{company}</Link></p>
        {groups.map(({ group, items }) => (
          <div key={group} className="person__group">
            <h2 className="person__group-title">{shopMenuGroupLabels[group][lang]}</h2>
            <ul>
              {items.map((entry) => (
                <li key={entry.key}>
                  <Link to={`/home/shopManage/${entry.key}`} className={`person__link${entry.key === current ? ' is-active' : ''}`}
                    aria-current={entry.key === current ? 'page' : undefined} data-menu-key={entry.key}>{entry[lang]}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="person__content">
        <Outlet />
      </div>
    </div>
  );
}
