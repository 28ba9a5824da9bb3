// /home/person (signed in only): the personal centre frame. Its loader asks the api who is signed in
// (210018 here signs the person out, see data-strategy.ts) and the side menu shows exactly the entries of
// SPEC §2 for the user's type and settled status (menuFor). Children render beside the menu.
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '../../i18n/react';
import type { SessionInfo } from '../../contracts/account';
import { unwrap } from '../../api-client/results';
import { menuFor, menuGroupLabels, type MenuEntry, type MenuGroup } from '../../domain/account';
import { loaderDeps } from '../../loader-context';
import { nicknameIn, toSessionCompany, toSessionUser } from '../../stores/auth.store';
import { useLang } from '../../components/use-lang';
import { SideMenuFrame } from '../../components/side-menu-frame';
import { fill, useWords } from '../../components/use-words';
import { useStores } from '../../stores/root.store';
import { isEnquiryPage, loadEnquiryUnread, menuBadgeWords } from '../enquiry/enquiry-unread';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, stores } = loaderDeps(context);
  const [envelope] = await Promise.all([
    api.post<SessionInfo>('/user/getUserInfo', {}, { signal: request.signal }),
    // The menu's badge of unread enquiries (the enquiry page reads it itself, after opening a thread).
    isEnquiryPage(request.url) ? null : loadEnquiryUnread(api, stores, request.signal),
  ]);
  const info = unwrap(envelope);
  // The store follows the api (a nickname changed elsewhere, a company settled since the cookie was written).
  stores.auth.setUser(toSessionUser(info.user));
  stores.auth.setCompany(toSessionCompany(info.company));
  return info;
}

/** The menu entry a path shows; "my info" by default (SPEC §2). */
export function currentMenuKey(pathname: string): string {
  const rest = pathname.replace(/^\/home\/person\/?/, '').split('/')[0];
  return rest || 'info';
}

export const Component = observer(function PersonLayout() {
  const info = useLoaderData<typeof loader>();
  const { notices } = useStores();
  const badge = useWords(menuBadgeWords);
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const current = currentMenuKey(pathname);
  const entries = menuFor(info.user.userType, info.user.settled);
  const groups = (Object.keys(menuGroupLabels) as MenuGroup[]).map((group) => ({
    key: group, title: menuGroupLabels[group][lang],
    items: entries.filter((e: MenuEntry) => e.group === group).map((e) => ({
      key: e.key, label: e[lang], ...(e.key === 'enquiry' ? { badge: { n: notices.enquiries, label: fill(badge.unreadEnquiries, { n: notices.enquiries }) } } : {}),
    })),
  }));
  return <SideMenuFrame label={t('person.menu')} name={nicknameIn(info.user.nickname, lang)} groups={groups} base="/home/person" current={current} />;
});
