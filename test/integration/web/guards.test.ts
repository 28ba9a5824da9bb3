// Route guards by name: redirects for anonymous / authenticated, 500 "Unknown middleware <name>".
import t from 'tap';
import { createElement } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { routes } from '../../../isomorphic/routes';
import { buildTestWeb, startEchoUpstream } from '../../helpers/web';

/** The app's tree plus three guarded test pages (ids and paths of their own, beside the real ones). */
function guardedRoutes(): RouteObject[] {
  const root = routes[0] as NonIndexRouteObject;
  const page = (id: string, path: string, middleware: string[]): RouteObject => ({
    id,
    path,
    handle: { middleware },
    loader: () => ({ id }),
    Component: () => createElement('p', { className: 'guarded' }, id),
  });
  return [{ ...root, children: [...(root.children ?? []), page('guest-page', 'guest-page', ['anonymous']), page('member-page', 'members/area', ['authenticated']), page('broken', 'broken', ['authenticated', 'nope'])] }];
}

t.test('guards', async (t) => {
  const upstream = await startEchoUpstream();
  const web = await buildTestWeb(upstream.url, { routes: guardedRoutes() });
  t.teardown(async () => { await web.close(); await upstream.close(); });
  const signedIn = { cookie: `x-token=t; user=${encodeURIComponent(JSON.stringify({ id: 1, nickName: 'Lin' }))}` };

  const guest = await web.inject('/members/area?tab=2');
  t.equal(guest.statusCode, 302, 'authenticated page sends a guest away');
  t.equal(guest.headers.location, '/login?redirect=%2Fmembers%2Farea%3Ftab%3D2');

  const member = await web.inject({ url: '/members/area', headers: signedIn });
  t.equal(member.statusCode, 200);
  t.match(member.body, '<p class="guarded">member-page</p>');

  t.equal((await web.inject('/guest-page')).statusCode, 200, 'guest-only page open to guests');
  const back = await web.inject({ url: '/guest-page', headers: signedIn });
  t.equal(back.statusCode, 302, 'a signed-in user leaves the guest-only page');
  t.equal(back.headers.location, '/');

  const unknown = await web.inject({ url: '/broken', headers: signedIn });
  t.equal(unknown.statusCode, 500);
  t.match(unknown.body, 'Unknown middleware nope');
});
