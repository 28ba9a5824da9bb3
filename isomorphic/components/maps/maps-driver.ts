// The maps driver (SPEC §7 Maps). With a key configured (AMAP_KEY) pages load AMap's JS API through
// @amap/amap-jsapi-loader with that key, the configured version and the plugins SPEC §7 lists; without
// one the driver is 'none' and pages show a region picker, coordinate fields and a static location card
// instead, never a broken map. Browser only: call it from effects and event handlers.
import type { MapSettings } from '../../contracts/shop';

/** SPEC §7: autocomplete, place search, polygon editor and circle editor... */
export const SEARCH_PLUGINS = ['AMap.Autocomplete', 'AMap.PlaceSearch', 'AMap.PolyEditor', 'AMap.CircleEditor'];
/** ...and the shop map also uses scale, overview, toolbar and map type. */
export const SHOP_MAP_PLUGINS = [...SEARCH_PLUGINS, 'AMap.Scale', 'AMap.OverView', 'AMap.ToolBar', 'AMap.MapType'];

/** `kind` says what the page tells the person (in their language); `message` is the detail, for logs. */
export class MapsError extends Error {
  constructor(message: string, readonly kind: 'load' | 'noResult' = 'load') {
    super(message);
    this.name = 'MapsError';
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- AMap's JS API ships without types */
export type AMapNamespace = any;

let loading: { key: string; promise: Promise<AMapNamespace> } | null = null;

/** Loads AMap once per page; a script that fails to load rejects with a clear message (and may be retried). */
export function loadAMap(settings: MapSettings, plugins: string[] = SHOP_MAP_PLUGINS): Promise<AMapNamespace> {
  if (settings.provider !== 'amap' || !settings.key) return Promise.reject(new MapsError('no maps key is configured (AMAP_KEY)'));
  if (typeof window === 'undefined') return Promise.reject(new MapsError('maps load only in the browser'));
  if (loading && loading.key === settings.key) return loading.promise;
  if (settings.securityCode) (window as any)._AMapSecurityConfig = { securityJsCode: settings.securityCode };
  const promise = import(/* webpackChunkName: "amap-loader" */ '@amap/amap-jsapi-loader')
    .then((loader) => loader.load({ key: settings.key, version: settings.version || '1.3', plugins }))
    .catch((err: unknown) => {
      loading = null;
      const detail = err instanceof Error ? err.message : typeof err === 'string' ? err : 'unknown error';
      throw new MapsError(`the AMap script could not be loaded (${detail})`);
    });
  loading = { key: settings.key, promise };
  return promise;
}

export interface PlaceTip { id: string; name: string; district: string; lat: number | null; lng: number | null }

/** Autocomplete tips for a keyword (AMap.Autocomplete). */
export function autocomplete(AMap: AMapNamespace, keyword: string, city?: string): Promise<PlaceTip[]> {
  return new Promise((resolve, reject) => {
    const ac = new AMap.Autocomplete({ city: city || '全国' });
    ac.search(keyword, (status: string, result: any) => {
      if (status === 'no_data') return resolve([]);
      if (status !== 'complete') return reject(new MapsError(typeof result === 'string' ? result : 'autocomplete failed'));
      resolve((result.tips ?? []).map((t: any) => ({
        id: String(t.id ?? t.name), name: String(t.name ?? ''), district: String(t.district ?? ''),
        lat: t.location ? Number(t.location.lat) : null, lng: t.location ? Number(t.location.lng) : null,
      })));
    });
  });
}

/** The first place a keyword finds (AMap.PlaceSearch); a search with no result list throws (SPEC §7). */
export function searchPlace(AMap: AMapNamespace, keyword: string, city?: string): Promise<{ name: string; lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    const ps = new AMap.PlaceSearch({ city: city || '全国', pageSize: 1 });
    ps.search(keyword, (status: string, result: any) => {
      const pois = status === 'complete' ? result?.poiList?.pois : undefined;
      if (!Array.isArray(pois) || pois.length === 0) return reject(new MapsError(`no place was found for "${keyword}"`, 'noResult'));
      const p = pois[0];
      resolve({ name: String(p.name ?? keyword), lat: Number(p.location.lat), lng: Number(p.location.lng) });
    });
  });
}
/* eslint-enable @typescript-eslint/no-explicit-any */
