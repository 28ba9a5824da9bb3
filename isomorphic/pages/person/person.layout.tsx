// /home/person (signed in only): the personal centre frame. Its loader asks the api who is signed in
// (210018 here signs the person out, see data-strategy.ts) and the side menu shows exactly the entries of
// SPEC §2 for the user's type and settled status (menuFor). Children render beside the menu.
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../contracts/account';
import { unwrap } from '../../api-client/results';
import { menuFor, menuGroupLabels, type MenuEntry, type MenuGroup } from '../../domain/account';
import { loaderDeps } from '../../loader-context';
import { nicknameIn, toSessionCompany, toSessionUser } from '../../stores/auth.store';
import { useLang } from '../../components/use-lang';
import { SideMenuFrame } from '../../components/side-menu-frame';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, stores } = loaderDeps(context);
  const info = unwrap(await api.post<SessionInfo>('/user/getUserInfo', {}, { signal: request.signal }));
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

export function Component() {
  const info = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const current = currentMenuKey(pathname);
  const entries = menuFor(info.user.userType, info.user.settled);
  const groups = (Object.keys(menuGroupLabels) as MenuGroup[]).map((group) => ({
    key: group, title: menuGroupLabels[group][lang],
    items: entries.filter((e: MenuEntry) => e.group === group).map((e) => ({ key: e.key, label: e[lang] })),
  }));
  return <SideMenuFrame label={t('person.menu')} name={nicknameIn(info.user.nickname, lang)} groups={groups} base="/home/person" current={current} />;
}
