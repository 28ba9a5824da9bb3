import t from 'tap';
import { isRouteErrorResponse } from 'react-router';
import { runGuards } from '../../../../isomorphic/middleware/registry';
import { RootStore } from '../../../../isomorphic/stores/root.store';

const url = new URL('http://x/home/person/info?a=1');
const guest = new RootStore();
const member = new RootStore({ auth: { user: { id: 1 }, company: null, hasToken: true } });

t.test('guards run in order and the first redirect wins', async (t) => {
  t.equal(runGuards([{ middleware: ['authenticated'] }], { stores: member, url }), undefined);
  const toLogin = runGuards([undefined, { middleware: ['authenticated'] }], { stores: guest, url });
  t.equal(toLogin?.status, 302);
  t.equal(toLogin?.headers.get('location'), '/login?redirect=%2Fhome%2Fperson%2Finfo%3Fa%3D1');
  t.equal(runGuards([{ middleware: ['anonymous'] }], { stores: member, url })?.headers.get('location'), '/');
  t.equal(runGuards([{ middleware: ['anonymous'] }], { stores: guest, url }), undefined);
});

t.test('an unknown name is a 500 "Unknown middleware <name>"', async (t) => {
  try {
    runGuards([{ middleware: ['toString'] }], { stores: guest, url });
    t.fail('should throw');
  } catch (error) {
    const e = error as { data: { message: string }; init: { status: number } };
    t.equal(e.init.status, 500);
    t.equal(e.data.message, 'Unknown middleware toString', 'inherited object keys are not guards');
    t.notOk(isRouteErrorResponse(error), 'thrown as data(), made a response by the router');
  }
});
