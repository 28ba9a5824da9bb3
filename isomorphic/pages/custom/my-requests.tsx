// The buyer's own custom requests under the form (GET /custom/myRequests): what they asked for, when,
// and where it stands. Loaded only for a signed-in person; it never fails the page.
import type { ApiClient } from '../../api-client/client';
import type { CustomKind } from '../../domain/custom-request';
import type { CustomRequest } from '../../contracts/catalogue';
import type { Page } from '../../contracts/common';
import { Codes } from '../../domain/codes';
import { formatRelativeTime } from '../../domain/format';
import { hasVariants, srcSetOf, variantUrl } from '../../domain/image-variants';
import { useNow, useTimeZone } from '../../components/when';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { customWords } from './custom.words';

export async function loadMyRequests(api: ApiClient, kind: CustomKind, signedIn: boolean, signal: AbortSignal): Promise<CustomRequest[] | null> {
  if (!signedIn) return null;
  try {
    const e = await api.get<Page<CustomRequest>>('/custom/myRequests', { kind, pageNum: 1, pageSize: 20 }, { signal });
    return e.code === Codes.OK ? e.data.list : [];
  } catch {
    return [];
  }
}

export function MyRequests({ requests }: { requests: CustomRequest[] }) {
  const w = useWords(customWords);
  const lang = useLang();
  const now = useNow();
  const zone = useTimeZone();
  const status = (s: number) => (s === 1 ? w.status1 : s === 2 ? w.status2 : w.status0);
  return (
    <section className="my-requests" aria-labelledby="my-requests-title">
      <h2 id="my-requests-title" className="section-title">{w.myRequests}</h2>
      {requests.length === 0 ? <p className="muted">{w.noRequests}</p> : (
        <ul className="my-requests__list">
          {requests.map((r) => (
            <li key={r.id} className="my-requests__item" data-request-id={r.id}>
              {r.imageUrls.length > 0 ? (
                <span className="my-requests__images">{r.imageUrls.slice(0, 3).map((u) => <img key={u} src={hasVariants(u) ? variantUrl(u, 240, 'jpeg') : u} srcSet={hasVariants(u) ? srcSetOf(u, 'jpeg', [240, 480]) : undefined} sizes="56px" alt="" width={56} height={56} loading="lazy" />)}</span>
              ) : null}
              <span className="my-requests__body">
                <span className="my-requests__summary">{summary(r, w)}</span>
                {r.fields.remark ? <span className="my-requests__remark">{String(r.fields.remark)}</span> : null}
                <span className="muted">{fill(w.submittedAt, { time: formatRelativeTime(r.createdAt, lang, now, zone) })}</span>
              </span>
              <span className={`my-requests__status my-requests__status--${r.status}`}>{status(r.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function summary(r: CustomRequest, w: ReturnType<typeof useWords<typeof customWords>>): string {
  const f = r.fields;
  if (r.kind === 'pattern') {
    return [fill(w.sizeValue, { w: String(f.widthCm ?? ''), h: String(f.heightCm ?? '') }), f.quantity !== undefined ? fill(w.pieces, { n: String(f.quantity) }) : ''].filter(Boolean).join(' · ');
  }
  return [f.fabricCoding, f.colour, f.occasion, f.style, f.ageMin !== undefined ? fill(w.ageValue, { min: String(f.ageMin), max: String(f.ageMax ?? '') }) : '', f.quantity !== undefined && f.quantity !== '' ? fill(w.pieces, { n: String(f.quantity) }) : '']
    .filter((x) => x !== undefined && x !== '')
    .map(String)
    .join(' · ');
}
