// /platform: the settlement queue, by status (under review first, oldest first).
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { QueuedApplication } from '../../contracts/settlement';
import { unwrap } from '../../api-client/results';
import { settlementStatusLabels, SettlementStatus } from '../../domain/settlement';
import { loaderDeps } from '../../loader-context';
import { When } from '../../components/when';
import { useWords } from '../../components/use-words';
import { Pager, pageCount, pageParam } from '../catalogue/pager';
import { platformWords } from './platform.words';
import { StatusFilter, statusParam, statusQuery } from './console-parts';

const STATUSES = [SettlementStatus.SUBMITTED, SettlementStatus.APPROVED, SettlementStatus.REJECTED, SettlementStatus.WITHDRAWN] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const status = statusParam(url, STATUSES, SettlementStatus.SUBMITTED);
  const pageNum = pageParam(url);
  const page = unwrap(await api.post<{ list: QueuedApplication[]; total: number; pageNum: number; pageSize: number }>('/platform/settlement/list', { status, pageNum, pageSize: 20 }, { signal: request.signal }));
  return { page, status };
}

export function Component() {
  const { page, status } = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  return (
    <section className="panel" aria-label={w.settlement}>
      <StatusFilter statuses={STATUSES} current={status} labels={settlementStatusLabels} path="/platform" label={w.status} all={w.all} />
      {page.list.length === 0 ? <p className="muted">{w.empty}</p> : (
        <table className="console-table">
          <thead><tr><th>{w.company}</th><th>{w.kind}</th><th>{w.applicant}</th><th>{w.land}</th><th>{w.status}</th><th>{w.submittedAt}</th><th /></tr></thead>
          <tbody>
            {page.list.map((a) => (
              <tr key={a.id} data-application={a.id}>
                <td>{a.companyName}</td>
                <td>{a.kind === 'seller' ? w.seller : w.buyer}</td>
                <td>{a.applicant ? `${a.applicant.nickname} ${a.applicant.mobile}` : ''}</td>
                <td>{a.landName}</td>
                <td>{a.statusLabel}</td>
                <td><When at={a.updatedAt} /></td>
                <td><Link to={`/platform/settlement/${a.id}`}>{w.open}</Link></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page.pageNum} pages={pageCount(page.total, page.pageSize)} href={(n) => `/platform?${statusQuery(status)}${n > 1 ? `&page=${n}` : ''}`} />
    </section>
  );
}
