// The shop map on the micro-site: AMap with scale, overview, toolbar and map type and a marker at the
// shop, when the maps driver is AMap and the shop has coordinates. It mounts in the browser only; the
// static location card beside it is server-rendered, so a failed script leaves a clear message and the
// card, never a broken map.
import { useEffect, useRef, useState } from 'react';
import type { MapSettings } from '../../contracts/shop';
import { fill, useWords } from '../use-words';
import { loadAMap, SHOP_MAP_PLUGINS } from './maps-driver';
import { mapsWords } from './maps.words';

export function ShopMap({ settings, lat, lng, name }: { settings: MapSettings; lat: number; lng: number; name: string }) {
  const w = useWords(mapsWords);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; message?: string }>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- AMap ships without types
    let map: any = null;
    loadAMap(settings, SHOP_MAP_PLUGINS).then((AMap) => {
      if (!live || !box.current) return;
      map = new AMap.Map(box.current, { zoom: 15, center: [lng, lat], resizeEnable: true });
      map.addControl(new AMap.Scale());
      map.addControl(new AMap.OverView());
      map.addControl(new AMap.ToolBar());
      map.addControl(new AMap.MapType());
      new AMap.Marker({ position: [lng, lat], title: name, map });
      setState({ status: 'ready' });
    }).catch((err: Error) => { if (live) setState({ status: 'failed', message: err.message }); });
    return () => { live = false; map?.destroy?.(); };
  }, [settings, lat, lng, name]);

  if (state.status === 'failed') return <p className="notice" role="alert" data-detail={state.message}>{w.loadFailed}</p>;
  return (
    <div className="shop-map" ref={box} role="region" aria-label={fill(w.mapLabel, { name })} aria-busy={state.status === 'loading' || undefined}>
      {state.status === 'loading' ? <p className="shop-map__loading">{w.loading}</p> : null}
    </div>
  );
}
