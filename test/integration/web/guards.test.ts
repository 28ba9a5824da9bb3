// Route guards by name: redirects for anonymous / authenticated, 500 "Unknown middleware <name>".
import t from 'tap';
import { createElement } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { routes } from '../../../isomorphic/routes';
import { buildTestWeb, startEchoUpstream } from '../../helpers/web';

/** The app's tree plus three guarded pages, as later issues will add them. */
function guardedRoutes(): RouteObject[] {
  const root = routes[0] as NonIndexRouteObject;
  const page = (id: string, path: string, middleware: string[]): RouteObject => ({
    id,
    path,
    handle: { middleware },
    loader: () => ({ id }),
    Component: () => createElement('p', { className: 'guarded' }, id),
  });
  return [{ ...root, children: [...(root.children ?? []), page('login', 'login', ['anonymous']), page('person', 'home/person/info', ['authenticated']), page('broken', 'broken', ['authenticated', 'nope'])] }];
}

t.test('guards', async (t) => {
  const upstream = await startEchoUpstream();
  const web = await buildTestWeb(upstream.url, { routes: guardedRoutes() });
  t.teardown(async () => { await web.close(); await upstream.close(); });
  const signedIn = { cookie: `x-token=t; user=${encodeURIComponent(JSON.stringify({ id: 1, nickName: 'Lin' }))}` };

  const guest = await web.inject('/home/person/info?tab=2');
  t.equal(guest.statusCode, 302, 'authenticated page sends a guest away');
  t.equal(guest.headers.location, '/login?redirect=%2Fhome%2Fperson%2Finfo%3Ftab%3D2');

  const member = await web.inject({ url: '/home/person/info', headers: signedIn });
  t.equal(member.statusCode, 200);
  t.match(member.body, '<p class="guarded">person</p>');

  t.equal((await web.inject('/login')).statusCode, 200, 'guest-only page open to guests');
  const back = await web.inject({ url: '/login', headers: signedIn });
  t.equal(back.statusCode, 302, 'a signed-in user leaves the guest-only page');
  t.equal(back.headers.location, '/');

  const unknown = await web.inject({ url: '/broken', headers: signedIn });
  t.equal(unknown.statusCode, 500);
  t.match(unknown.body, 'Unknown middleware nope');
});
