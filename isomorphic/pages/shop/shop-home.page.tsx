// /home/shopManage itself: the shop's name, a link to its public page and the entries of the menu.
import { useRouteLoaderData } from 'react-router';
import { Link } from '../../components/link';
import type { SessionInfo } from '../../contracts/account';
import { shopMenu } from '../../domain/shop-menu';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { shopWords } from './shop.words';
import { byLang } from '../../domain/format';

export function Component() {
  const info = useRouteLoaderData('shop') as SessionInfo;
  const lang = useLang();
  const w = useWords(shopWords);
  const company = info.company ? byLang(lang, info.company.name, info.company.nameEn) : '';
  return (
    <section className="panel" aria-labelledby="shop-title">
      <title>{`${w.title} · ${company}`}</title>
      <div className="panel__head">
        <h1 id="shop-title" className="person__title">{w.title}</h1>
        {info.company ? <Link className="button" to={`/company/${info.company.id}`}>{w.publicPage}</Link> : null}
      </div>
      <p>{fill(w.welcome, { company })}</p>
      <ul className="shop-cards">
        {shopMenu.map((e) => (
          <li key={e.key}><Link className="shop-card" to={`/home/shopManage/${e.key}`}><strong>{e[lang]}</strong><span aria-hidden="true">→</span></Link></li>
        ))}
      </ul>
    </section>
  );
}
