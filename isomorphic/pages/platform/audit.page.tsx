// /platform/audit: every operator action (who, when, what, the record before and after), filterable
// by action, target and target id.
import { Form, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { AuditEntry } from '../../contracts/settlement';
import { unwrap } from '../../api-client/results';
import { auditActionLabels } from '../../domain/platform';
import { loaderDeps } from '../../loader-context';
import { useLang } from '../../components/use-lang';
import { When } from '../../components/when';
import { useWords } from '../../components/use-words';
import { Pager, pageCount, pageParam, usePageHref } from '../catalogue/pager';
import { platformWords } from './platform.words';

const TARGETS = ['settlement', 'company', 'afterSale', 'land', 'certificate', 'product'];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const q = url.searchParams;
  const action = q.get('action') ?? '';
  const targetType = q.get('targetType') ?? '';
  const targetId = Number(q.get('targetId')) || undefined;
  const pageNum = pageParam(url);
  const body = {
    pageNum, pageSize: 30,
    ...(Object.hasOwn(auditActionLabels, action) ? { action } : {}),
    ...(TARGETS.includes(targetType) ? { targetType } : {}),
    ...(targetId && targetId > 0 && targetId < 2_147_483_647 ? { targetId } : {}),
  };
  return unwrap(await api.post<{ list: AuditEntry[]; total: number; pageNum: number; pageSize: number }>('/platform/audit/list', body, { signal: request.signal }));
}

export function Component() {
  const page = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  const lang = useLang();
  const [params] = useSearchParams();
  const href = usePageHref('/platform/audit');
  return (
    <section className="panel" aria-label={w.audit}>
      <Form className="console-form" method="get" action="/platform/audit">
        <label>{w.action}<br />
          <select name="action" defaultValue={params.get('action') ?? ''}>
            <option value="">{w.all}</option>
            {Object.entries(auditActionLabels).map(([k, v]) => <option key={k} value={k}>{v[lang]}</option>)}
          </select>
        </label>
        <label>{w.target}<br />
          <select name="targetType" defaultValue={params.get('targetType') ?? ''}>
            <option value="">{w.all}</option>
            {TARGETS.map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
        </label>
        <label>{w.targetId}<br /><input name="targetId" inputMode="numeric" defaultValue={params.get('targetId') ?? ''} maxLength={10} /></label>
        <button type="submit" className="button">{w.filter}</button>
      </Form>
      {page.list.length === 0 ? <p className="muted">{w.empty}</p> : (
        <table className="console-table">
          <thead><tr><th>{w.time}</th><th>{w.operator}</th><th>{w.action}</th><th>{w.target}</th><th>{w.before}</th><th>{w.after}</th></tr></thead>
          <tbody>
            {page.list.map((e) => (
              <tr key={e.id} data-audit={e.action}>
                <td><When at={e.createdAt} /></td>
                <td>{e.operatorId === 0 ? w.system : <>{e.operatorName} (#{e.operatorId})</>}</td>
                <td>{e.actionLabel}{e.note ? <><br /><span className="muted">{e.note}</span></> : null}</td>
                <td>{e.targetType} #{e.targetId}</td>
                <td><pre className="console-json">{e.before}</pre></td>
                <td><pre className="console-json">{e.after}</pre></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page.pageNum} pages={pageCount(page.total, page.pageSize)} href={href} />
    </section>
  );
}
