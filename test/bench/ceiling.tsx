// The render ceiling for the SSR benchmark: the same home tree (document, providers, router, page) and the
// same data, rendered by a bare node:http server with renderToPipeableStream and no framework. The data is
// fetched once at start-up; every request still builds its own stores, i18n and router, as the web does.
import http from 'node:http';
import path from 'node:path';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { enableStaticRendering } from 'mobx-react-lite';
import { routes } from '../../isomorphic/routes';
import { dataStrategy } from '../../isomorphic/data-strategy';
import { makeLoaderDeps } from '../../isomorphic/loader-context';
import { RootStore } from '../../isomorphic/stores/root.store';
import { createI18n, htmlLang } from '../../isomorphic/i18n/index';
import { allLocales } from '../../isomorphic/i18n/all-locales';
import { AppProviders } from '../../isomorphic/app-providers';
import { toSearch, type ApiClient } from '../../isomorphic/api-client/client';
import type { PageState } from '../../isomorphic/page-state';
import { Document } from '../../views/document';
import { assetsFor, readManifest } from '../../server/ssr/manifest';
import { stateScript } from '../../server/ssr/state-script';
import { root } from './lib';

enableStaticRendering(true);
const [apiUrl, portArg] = process.argv.slice(2);

const api: ApiClient = {
  async get(p, query) { return (await fetch(`${apiUrl}${p}${toSearch(query)}`, { headers: { 'x-lang': 'zh' } })).json(); },
  async post(p, body) { return (await fetch(`${apiUrl}${p}`, { method: 'POST', body: JSON.stringify(body ?? {}), headers: { 'content-type': 'application/json', 'x-lang': 'zh' } })).json(); },
};

const dictionary = ((await api.get<{ data: never[] }>('/front/dicTree/byTypeKey')).data?.data) ?? [];
const handler = createStaticHandler(routes);
const seedStores = new RootStore({ auth: { user: null, company: null, hasToken: false }, dictionary });
const context = await handler.query(new Request('http://localhost/'), {
  requestContext: makeLoaderDeps({ api, stores: seedStores, lang: () => 'zh', publicUrl: 'http://localhost:3000' }),
  dataStrategy,
});
if (context instanceof Response) throw new Error('home redirected');
const manifest = readManifest(path.join(root, 'dist/client/manifest.json'));
const assets = assetsFor(manifest, context.matches.map((m) => m.route.id));

const server = http.createServer((_req, res) => {
  const stores = new RootStore({ auth: { user: null, company: null, hasToken: false }, dictionary });
  const state: PageState = { lang: 'zh', stores: stores.snapshot(), router: { loaderData: context.loaderData, actionData: context.actionData, errors: null } };
  const router = createStaticRouter(handler.dataRoutes, context);
  const element = (
    <Document htmlLang={htmlLang.zh} nonce="n" stylesheets={assets.stylesheets} modulepreload={assets.modulepreload}>
      <AppProviders stores={stores} i18n={createI18n('zh', allLocales)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce="n" />
      </AppProviders>
    </Document>
  );
  const stream = renderToPipeableStream(element, {
    nonce: 'n',
    bootstrapScriptContent: stateScript(state),
    bootstrapModules: assets.bootstrap,
    onShellReady() {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      stream.pipe(res);
    },
    onShellError() { res.writeHead(500).end(); },
  });
});
server.listen(Number(portArg), '127.0.0.1', () => process.stdout.write('ceiling ready\n'));
