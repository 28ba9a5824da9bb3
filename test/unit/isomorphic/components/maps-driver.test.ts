// The maps driver's answers (SPEC §7 Maps): no key or no browser rejects with a clear MapsError; a place
// search with no result list raises a clear error of kind 'noResult' (the page says "nothing found"),
// apart from a failed load (the page says the map cannot load). AMap's namespace is a stand-in object
// with the two calls' callback shapes, since the real one is a remote script.
import t from 'tap';
import { autocomplete, loadAMap, MapsError, searchPlace } from '../../../../isomorphic/components/maps/maps-driver';

type Callback = (status: string, result: unknown) => void;
const amapAnswering = (status: string, result: unknown) => ({
  PlaceSearch: class { search(_k: string, cb: Callback) { cb(status, result); } },
  Autocomplete: class { search(_k: string, cb: Callback) { cb(status, result); } },
});

t.test('loading: no key, or no browser, rejects with a clear message', async (t) => {
  await t.rejects(loadAMap({ provider: 'none', key: '', securityCode: '', version: '' }), { name: 'MapsError', message: /no maps key is configured/ });
  await t.rejects(loadAMap({ provider: 'amap', key: 'k', securityCode: '', version: '1.3' }), { name: 'MapsError', message: /only in the browser/ });
});

t.test('a place search with no result list raises a clear error', async (t) => {
  for (const [status, result] of [['no_data', 0], ['complete', { poiList: { pois: [] } }], ['complete', {}], ['error', 'INVALID_USER_KEY']] as const) {
    const err = await searchPlace(amapAnswering(status, result), '不存在的地方').then(() => null, (e: unknown) => e);
    t.ok(err instanceof MapsError, `${status} ${JSON.stringify(result)}: a MapsError`);
    t.equal((err as MapsError).kind, 'noResult');
    t.match((err as MapsError).message, 'no place was found for "不存在的地方"');
  }
  const found = await searchPlace(amapAnswering('complete', { poiList: { pois: [{ name: '庵埠镇', location: { lat: 23.45, lng: 116.69 } }] } }), '庵埠');
  t.same(found, { name: '庵埠镇', lat: 23.45, lng: 116.69 }, 'the first place found');
});

t.test('autocomplete: no data is an empty list; a failure is an error of kind load', async (t) => {
  t.same(await autocomplete(amapAnswering('no_data', 0), '潮州'), []);
  const tips = await autocomplete(amapAnswering('complete', { tips: [{ id: 'B1', name: '潮州站', district: '广东省潮州市', location: { lat: 23.6, lng: 116.6 } }, { name: '潮州' }] }), '潮州');
  t.same(tips, [{ id: 'B1', name: '潮州站', district: '广东省潮州市', lat: 23.6, lng: 116.6 }, { id: '潮州', name: '潮州', district: '', lat: null, lng: null }]);
  const err = await autocomplete(amapAnswering('error', 'USERKEY_PLAT_NOMATCH'), '潮州').then(() => null, (e: unknown) => e);
  t.ok(err instanceof MapsError && err.kind === 'load' && err.message === 'USERKEY_PLAT_NOMATCH');
});
