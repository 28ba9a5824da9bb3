// The page state script: no value can close the <script>, and the browser gets back what the server had.
import t from 'tap';
import vm from 'node:vm';
import { data } from 'react-router';
import { createStaticHandler } from 'react-router';
import { serializeErrors, stateScript } from '../../../../server/ssr/state-script';
import { hydrationData, type PageState } from '../../../../isomorphic/page-state';

const hostile = '</script><script>alert("x")</script><!-- \u2028 \u2029 </SCRIPT >';

function stateWith(title: string): PageState {
  return {
    lang: 'zh',
    stores: { auth: { user: { nickName: title }, company: null, hasToken: true }, dictionary: [], layout: { top: true, position: 0 } },
    router: { loaderData: { home: { products: { list: [{ title, when: new Date(0) }] } } }, actionData: null, errors: null },
  };
}

t.test('a hostile title cannot close the script', async (t) => {
  const script = stateScript(stateWith(hostile));
  t.notMatch(script, /<\/script/i, 'no closing tag in any case');
  t.notMatch(script, /<!--/, 'no comment opener');
  t.notMatch(script, /[\u2028\u2029]/, 'line separators escaped');
  const sandbox: { window: Record<string, unknown> } = { window: {} };
  vm.runInNewContext(script, sandbox);
  const revived = sandbox.window.__LACE_STATE__ as PageState;
  const home = revived.router.loaderData.home as { products: { list: Array<{ title: string; when: Date }> } };
  t.equal(home.products.list[0].title, hostile, 'the title survives unchanged');
  t.equal(home.products.list[0].when.getTime(), 0, 'dates survive as dates');
  t.equal(revived.stores.auth.user?.nickName, hostile);
});

t.test('plain data goes out as JSON; a property holding undefined reads back undefined, an array keeps its holes and undefined', async (t) => {
  const state: PageState = { ...stateWith('x'), router: { loaderData: { gallery: { filters: { patternType: 100011, shape: undefined, sort: 'priceAsc' }, list: [1, undefined, 3] } }, actionData: null, errors: null } };
  const plain: PageState = { ...stateWith('x'), router: { loaderData: { gallery: { filters: { patternType: 100011, shape: undefined, sort: 'priceAsc' } } }, actionData: null, errors: null } };
  const revive = (script: string) => {
    const sandbox: { window: Record<string, unknown> } = { window: {} };
    vm.runInNewContext(script, sandbox);
    return (sandbox.window.__LACE_STATE__ as PageState).router.loaderData.gallery as { filters: Record<string, unknown>; list?: unknown[] };
  };
  const json = stateScript(plain);
  t.notMatch(json, /void 0/, 'an undefined property is left out, not written');
  t.same(revive(json).filters, { patternType: 100011, sort: 'priceAsc' });
  t.equal(revive(json).filters.shape, undefined);
  const withArray = revive(stateScript(state));
  t.equal(withArray.list?.length, 3, 'an undefined in an array keeps its place');
  t.equal(withArray.list?.[1], undefined);
});

t.test('route errors travel as data and come back as error responses; exceptions lose their message', async (t) => {
  const handler = createStaticHandler([
    { id: 'root', path: '/', children: [{ id: 'gone', path: 'gone', loader: () => { throw data({ code: 100410, message: 'removed' }, { status: 410 }); } }, { id: 'boom', path: 'boom', loader: () => { throw new Error('db password is hunter2'); } }] },
  ]);
  for (const [path, id] of [['/gone', 'gone'], ['/boom', 'boom']] as const) {
    const context = await handler.query(new Request(`http://x${path}`));
    if (context instanceof Response) throw new Error('unexpected response');
    const state: PageState = { ...stateWith('x'), router: { loaderData: {}, actionData: null, errors: serializeErrors(context.errors) } };
    const sandbox: { window: Record<string, unknown> } = { window: {} };
    vm.runInNewContext(stateScript(state), sandbox);
    const errors = hydrationData(sandbox.window.__LACE_STATE__ as PageState).errors ?? {};
    const owner = Object.keys(errors)[0];
    t.ok(owner, `${id}: an error is attributed`);
    if (id === 'gone') {
      t.match(errors[owner], { status: 410, data: { code: 100410, message: 'removed' } });
    } else {
      t.type(errors[owner], Error);
      t.notMatch(stateScript(state), /hunter2/, 'the exception message stays on the server');
    }
  }
});
