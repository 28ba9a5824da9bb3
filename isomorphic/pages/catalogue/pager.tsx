// Pagination as plain links (rel prev/next) so crawlers reach every page of a listing.
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { fill, useWords } from '../../components/use-words';
import { galleryWords } from './catalogue.words';
import { HydrateLater } from '../../components/hydrate-later';

/** The `page` of a listing's address: a whole number from 1 to the api's maximum (1,000,000), else 1. */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** The address of page `n` of the listing at `path`, keeping the current query's other parameters. */
export function usePageHref(path: string): (n: number) => string {
  const [params] = useSearchParams();
  return (n: number) => {
    const q = new URLSearchParams(params);
    if (n > 1) q.set('page', String(n)); else q.delete('page');
    const s = q.toString();
    return `${path}${s ? `?${s}` : ''}`;
  };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Page numbers around the current one, with the first and last; `0` marks a gap. */
export function pageWindow(page: number, pages: number, radius = 2): number[] {
  const out: number[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= radius) out.push(p);
    else if (out[out.length - 1] !== 0) out.push(0);
  }
  return out;
}

export function Pager({ page, pages, href }: { page: number; pages: number; href(page: number): string }) {
  const w = useWords(galleryWords);
  if (pages <= 1) return null;
  return (
    <HydrateLater><nav className="pager pager--numbered" aria-label={w.pagerLabel}>
      {page > 1 ? <Link className="button" to={href(page - 1)} rel="prev">{w.previous}</Link> : <span className="button pager__edge" aria-hidden="true">{w.previous}</span>}
      <ol className="pager__pages">
        {pageWindow(page, pages).map((p, i) =>
          p === 0 ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">…</li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="pager__page is-active" aria-current="page">{p}</span>
              ) : (
                <Link className="pager__page" to={href(p)} aria-label={fill(w.pageN, { page: p })}>{p}</Link>
              )}
            </li>
          ),
        )}
      </ol>
      <span className="pager__status">{fill(w.pageOf, { page, pages })}</span>
      {page < pages ? <Link className="button" to={href(page + 1)} rel="next">{w.next}</Link> : <span className="button pager__edge" aria-hidden="true">{w.next}</span>}
    </nav></HydrateLater>
  );
}
