// The map search box of SPEC §2 (360 px): a keyword field with autocomplete, up/down to choose a tip,
// Enter to search, and a button labelled 搜索. It finds a place through the maps driver and hands its
// coordinates to the form. Rendered only when AMap is configured.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStableId } from '../use-stable-id';
import type { MapSettings } from '../../contracts/shop';
import { fill, useWords } from '../use-words';
import { autocomplete, loadAMap, MapsError, searchPlace, SEARCH_PLUGINS, type PlaceTip } from './maps-driver';
import { mapsWords } from './maps.words';

export interface MapSearchBoxProps { settings: MapSettings; city?: string; onPick(place: { name: string; lat: number; lng: number }): void }

export function MapSearchBox({ settings, city, onPick }: MapSearchBoxProps) {
  const w = useWords(mapsWords);
  const id = useStableId();
  const [keyword, setKeyword] = useState('');
  const [tips, setTips] = useState<PlaceTip[]>([]);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  function onType(value: string) {
    setKeyword(value);
    setError('');
    if (timer.current) clearTimeout(timer.current);
    if (!value.trim()) { setTips([]); return; }
    timer.current = setTimeout(() => {
      loadAMap(settings, SEARCH_PLUGINS)
        .then((AMap) => autocomplete(AMap, value.trim(), city))
        .then((list) => { setTips(list.slice(0, 8)); setActive(-1); })
        .catch((err: unknown) => setError(err instanceof MapsError && err.kind === 'noResult' ? fill(w.noResult, { keyword: value.trim() }) : w.loadFailed));
    }, 250);
  }

  async function search(tip?: PlaceTip) {
    const text = (tip?.name ?? keyword).trim();
    if (!text) return;
    setTips([]);
    if (tip && tip.lat !== null && tip.lng !== null) {
      setKeyword(tip.name);
      onPick({ name: tip.name, lat: tip.lat, lng: tip.lng });
      return;
    }
    setBusy(true);
    try {
      const AMap = await loadAMap(settings, SEARCH_PLUGINS);
      onPick(await searchPlace(AMap, text, city));
    } catch (err) {
      // a search with no result list says so; a script that failed to load says that instead
      setError(err instanceof MapsError && err.kind === 'noResult' ? fill(w.noResult, { keyword: text }) : w.loadFailed);
    } finally {
      setBusy(false);
    }
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && tips.length) { e.preventDefault(); setActive((a) => (a + 1) % tips.length); }
    else if (e.key === 'ArrowUp' && tips.length) { e.preventDefault(); setActive((a) => (a <= 0 ? tips.length - 1 : a - 1)); }
    else if (e.key === 'Enter') { e.preventDefault(); void search(active >= 0 ? tips[active] : undefined); }
    else if (e.key === 'Escape') setTips([]);
  }

  return (
    <div className="map-search" role="search">
      <label className="field__label" htmlFor={`${id}-q`}>{w.keyword}</label>
      <div className="map-search__row">
        <input
          id={`${id}-q`} className="field__input" value={keyword} placeholder={w.keywordPlaceholder} autoComplete="off"
          role="combobox" aria-expanded={tips.length > 0} aria-controls={`${id}-list`} aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-tip-${active}` : undefined}
          onChange={(e) => onType(e.target.value)} onKeyDown={onKey}
        />
        <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void search()}>{w.search}</button>
      </div>
      {tips.length > 0 ? (
        <ul className="map-search__tips" id={`${id}-list`} role="listbox" aria-label={w.suggestions}>
          {tips.map((tip, i) => (
            <li key={tip.id + i} id={`${id}-tip-${i}`} role="option" aria-selected={i === active} className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => { e.preventDefault(); void search(tip); }}>
              <span>{tip.name}</span> <span className="muted">{tip.district}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="field__error" role="alert">{error}</p> : null}
    </div>
  );
}
