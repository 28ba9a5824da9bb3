// /platform/companies: companies by status and name; suspend (products off sale) or restore, with a reason.
import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { PlatformCompany } from '../../contracts/settlement';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { codeMessages } from '../../domain/code-messages';
import { CompanyStatus, companyStatusLabels, PlatformLimits } from '../../domain/platform';
import { loaderDeps } from '../../loader-context';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { platformWords } from './platform.words';
import { useDecision } from './console-parts';
import { byLang } from '../../domain/format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const raw = url.searchParams.get('status');
  const status = raw !== null && /^[0-2]$/.test(raw) ? Number(raw) : undefined;
  const keyword = (url.searchParams.get('keyword') ?? '').slice(0, 40);
  const page = unwrap(await api.post<{ list: PlatformCompany[]; total: number }>('/platform/company/list', { status, keyword: keyword || undefined, pageNum: 1, pageSize: 50 }, { signal: request.signal }));
  return { page, status, keyword };
}

export function Component() {
  const { page, status, keyword } = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  const lang = useLang();
  return (
    <section className="panel" aria-label={w.companies}>
      <Form className="console-form" method="get" action="/platform/companies">
        <label>{w.keyword}<br /><input name="keyword" defaultValue={keyword} maxLength={40} /></label>
        <label>{w.status}<br />
          <select name="status" defaultValue={status === undefined ? '' : String(status)}>
            <option value="">{w.all}</option>
            {[CompanyStatus.ACTIVE, CompanyStatus.SUSPENDED, CompanyStatus.REMOVED].map((s) => <option key={s} value={s}>{companyStatusLabels[s][lang]}</option>)}
          </select>
        </label>
        <button type="submit" className="button">{w.search}</button>
      </Form>
      {page.list.length === 0 ? <p className="muted">{w.empty}</p> : (
        <table className="console-table">
          <thead><tr><th>ID</th><th>{w.company}</th><th>{w.status}</th><th>{w.action}</th></tr></thead>
          <tbody>{page.list.map((c) => <CompanyRow key={c.id} company={c} />)}</tbody>
        </table>
      )}
    </section>
  );
}

function CompanyRow({ company: c }: { company: PlatformCompany }) {
  const w = useWords(platformWords);
  const lang = useLang();
  const { reason, setReason, error, busy, decide } = useDecision(PlatformLimits.reason, codeMessages[Codes.PLATFORM_REASON_REQUIRED]);
  const canChange = c.status === CompanyStatus.ACTIVE || c.status === CompanyStatus.SUSPENDED;
  async function change() {
    await decide((api, note) => api.post(`/platform/company/${c.status === CompanyStatus.ACTIVE ? 'suspend' : 'restore'}`, { companyId: c.id, reason: note }), { needsReason: true });
  }
  return (
    <tr data-company={c.id}>
      <td>{c.id}</td>
      <td>{c.status === CompanyStatus.ACTIVE ? <Link to={`/company/${c.id}`}>{byLang(lang, c.name, c.nameEn)}</Link> : byLang(lang, c.name, c.nameEn)}</td>
      <td>{companyStatusLabels[c.status]?.[lang]}{c.statusReason ? <><br /><span className="muted">{fill(w.suspendedBecause, { reason: c.statusReason })}</span></> : null}</td>
      <td>
        {canChange ? (
          <div className="console-form">
            <input aria-label={w.reason} placeholder={w.reason} value={reason} maxLength={PlatformLimits.reason.max} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} />
            <button type="button" className="button" disabled={busy} onClick={() => void change()}>{c.status === CompanyStatus.ACTIVE ? w.suspend : w.restore}</button>
            {error ? <span className="field__error" role="alert">{error}</span> : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
}
