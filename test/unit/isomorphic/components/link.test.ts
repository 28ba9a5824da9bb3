// The server's cheap Link (isomorphic/components/link.tsx) writes the same <a> as React Router's Link, so the
// browser hydrates its own Link over it without a mismatch: both rendered side by side under the static
// router the server uses, for plain paths (the cheap way) and for what goes to React Router's Link.
import t from 'tap';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link as RouterLink, StaticRouterProvider, type LinkProps } from 'react-router';
import { isPlainPath, Link } from '../../../../isomorphic/components/link';

async function render(at: string, links: (L: typeof RouterLink) => ReactNode): Promise<{ ours: string; router: string }> {
  const out: string[] = [];
  for (const L of [Link, RouterLink]) {
    const routes = [{ path: '/', children: [{ path: 'flower', element: createElement('nav', null, links(L)) }, { path: 'flower/:id', element: createElement('nav', null, links(L)) }] }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://localhost${at}`));
    if (context instanceof Response) throw new Error('unexpected response');
    out.push(renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false })));
  }
  return { ours: out[0], router: out[1] };
}

const plain = ['/', '/flower', '/flower/178', '/flower?patternType=100011&sort=popular', '/company/9/products?page=2&q=%E8%95%BE%E4%B8%9D', '/a-b_c~d/e:f'];
const other = ['', '.', 'flower', '../x', './x', '/flower/', '/flower//178', '/flower/./178', '/flower/../x', '/flower#top', '/flower?', '//example.com/x', 'https://example.com/x', 'mailto:a@b.c', '/蕾丝'];

t.test('a plain absolute path is taken the cheap way; anything else is not', async (t) => {
  for (const to of plain) t.ok(isPlainPath(to), `${to}: plain`);
  for (const to of other) t.notOk(isPlainPath(to), `${JSON.stringify(to)}: not plain`);
  t.notOk(isPlainPath({ pathname: '/flower', search: '?a=1' }), 'an object: not plain');
});

t.test('the same markup as React Router\'s Link, from the root and from a nested page', async (t) => {
  const variants: Array<Omit<LinkProps, 'to'>> = [
    {},
    { className: 'filters__option is-active', 'aria-current': 'true' },
    { className: 'card__link', target: '_blank', rel: 'noopener' },
    { reloadDocument: true, replace: true, state: { from: 'x' }, preventScrollReset: true, viewTransition: true, onClick: () => undefined },
    { discover: 'none' },
    { prefetch: 'intent' },
    { relative: 'path' },
    { title: '蕾丝 & "lace"', id: 'x1', 'data-company': '9' } as Omit<LinkProps, 'to'>,
  ];
  for (const at of ['/flower', '/flower/178?sort=priceAsc']) {
    for (const props of variants) {
      const tos: LinkProps['to'][] = [...plain, ...other, { pathname: '/flower', search: '?a=1' }, { search: '?sort=popular' }];
      const { ours, router } = await render(at, (L) => tos.map((to, i) => createElement(L, { key: i, to, ...props }, typeof to === 'string' ? `to ${to}` : 'object')));
      t.equal(ours, router, `at ${at} with ${JSON.stringify(Object.keys(props))}`);
    }
  }
  const { ours } = await render('/flower', (L) => createElement(L, { to: '/flower/178', className: 'card__link' }, 'x'));
  t.match(ours, '<a class="card__link" href="/flower/178" data-discover="true">x</a>', 'what a card\'s link is written as');
});
