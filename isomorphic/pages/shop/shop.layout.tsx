// /home/shopManage: the shop manager's frame for settled sellers (loadSessionFor('seller') refuses
// anyone else with 403). The side menu shows the entries of SPEC §2 whose pages exist (domain/shop.ts).
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import { observer } from 'mobx-react-lite';
import { shopMenu, shopMenuGroupLabels, type ShopMenuGroup } from '../../domain/shop-menu';
import { useLang } from '../../components/use-lang';
import { SideMenuFrame } from '../../components/side-menu-frame';
import { fill, useWords } from '../../components/use-words';
import { loadSessionFor } from '../session-loader';
import { shopWords } from './shop.words';
import { byLang } from '../../domain/format';
import { loaderDeps } from '../../loader-context';
import { useStores } from '../../stores/root.store';
import { isEnquiryPage, loadEnquiryUnread, menuBadgeWords } from '../enquiry/enquiry-unread';

export async function loader(args: LoaderFunctionArgs) {
  const { api, stores } = loaderDeps(args.context);
  // The menu's badge of unread enquiries (the enquiry page reads it itself, after opening a thread).
  const [info] = await Promise.all([loadSessionFor('seller', args), isEnquiryPage(args.request.url) ? null : loadEnquiryUnread(api, stores, args.request.signal)]);
  return info;
}

export function currentShopKey(pathname: string): string {
  return pathname.replace(/^\/home\/shopManage\/?/, '').split('/')[0];
}

export const Component = observer(function ShopLayout() {
  const info = useLoaderData<typeof loader>();
  const lang = useLang();
  const w = useWords(shopWords);
  const { notices } = useStores();
  const badge = useWords(menuBadgeWords);
  const current = currentShopKey(useLocation().pathname);
  const company = info.company ? byLang(lang, info.company.name, info.company.nameEn) : '';
  const groups = (Object.keys(shopMenuGroupLabels) as ShopMenuGroup[]).map((group) => ({
    key: group, title: shopMenuGroupLabels[group][lang],
    items: shopMenu.filter((e) => e.group === group).map((e) => ({
      key: e.key, label: e[lang], ...(e.key === 'enquiry' ? { badge: { n: notices.enquiries, label: fill(badge.unreadEnquiries, { n: notices.enquiries }) } } : {}),
    })),
  }));
  return (
    <SideMenuFrame
      className="shop" label={w.menu} name={<Link to="/home/shopManage">{company}</Link>}
      groups={groups} base="/home/shopManage" current={current}
    />
  );
});
