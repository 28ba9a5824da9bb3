// How far the catalogue's photo indexing is, above the photo-search panel while the api's background pass
// runs (GET /search/status): first how many products photo search can find yet, then, once every product
// can be found by its first picture, how many have all their pictures and angles. Asked again every few
// seconds until the pass has finished, so an overlay left open counts up.
import { useEffect, useState } from 'react';
import type { SearchStatus } from '../../contracts/search';
import { fill, useWords, type Said } from '../use-words';
import { imageSearchWords } from './image-search.words';

/** How often the notice asks the api again while indexing runs (ms). */
const POLL_MS = 5000;

/** The notice's text for a status, or '' when indexing has finished (or the status is unknown). */
export function indexingText(w: Said<typeof imageSearchWords>, status: SearchStatus | null | undefined): string {
  if (!status || status.ready) return '';
  const total = status.total;
  if (status.indexed < total) return fill(w.indexing, { indexed: status.indexed, total });
  return fill(w.indexingRest, { complete: Math.min(status.complete, total), total });
}

export interface IndexingNoticeProps {
  /** the status the page already has (undefined: ask at once; null: the page could not get it) */
  initial?: SearchStatus | null;
}

export function IndexingNotice({ initial }: IndexingNoticeProps) {
  const w = useWords(imageSearchWords);
  const [status, setStatus] = useState<SearchStatus | null>(initial ?? null);
  useEffect(() => {
    if (initial?.ready) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      void fetch('/api/search/status', { headers: { accept: 'application/json' } })
        .then((r) => r.json() as Promise<{ code: number; data: SearchStatus }>)
        .then((e) => {
          if (!live || e.code !== 0) return;
          setStatus(e.data);
          if (!e.data.ready) timer = setTimeout(ask, POLL_MS);
        })
        .catch(() => { if (live) timer = setTimeout(ask, POLL_MS * 2); });
    };
    if (initial === undefined) ask();
    else timer = setTimeout(ask, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [initial]);
  const text = indexingText(w, status);
  if (!text || !status) return null;
  const done = status.indexed < status.total ? status.indexed : Math.min(status.complete, status.total);
  return (
    <div className="pic-search__notice" data-state="indexing" data-indexed={status.indexed} data-complete={status.complete} data-total={status.total} role="status">
      <p>{text}</p>
      <progress max={status.total || 1} value={done} aria-label={text} />
    </div>
  );
}
