// /platform/settlement/:id: one application with its documents shown large; approve (creating the
// company, or attaching the user to an existing one) or reject with a reason.
import { useState, type FormEvent } from 'react';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { QueuedApplication } from '../../contracts/settlement';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { codeMessages } from '../../domain/code-messages';
import { SettlementLimits, SettlementStatus } from '../../domain/settlement';
import { loaderDeps } from '../../loader-context';
import { fill, useWords } from '../../components/use-words';
import { platformWords } from './platform.words';
import { useDecision } from './console-parts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) throw data({ code: Codes.SETTLE_NOT_FOUND }, { status: 404 });
  const envelope = await api.get<QueuedApplication>('/platform/settlement/get', { id }, { signal: request.signal });
  if (envelope.code === Codes.SETTLE_NOT_FOUND) throw data({ code: envelope.code }, { status: 404 });
  return unwrap(envelope);
}

export function Component() {
  const a = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  const [companyId, setCompanyId] = useState('');
  const { reason, setReason, error, busy, decide: run } = useDecision(SettlementLimits.rejectReason, codeMessages[Codes.SETTLE_REASON_REQUIRED]);

  async function decide(kind: 'approve' | 'reject', e?: FormEvent) {
    e?.preventDefault();
    await run((api, note) => api.post(`/platform/settlement/${kind}`, kind === 'approve'
      ? { id: a.id, expectedVersion: a.version, ...(companyId.trim() ? { companyId: Number(companyId) } : {}) }
      : { id: a.id, expectedVersion: a.version, reason: note }), { needsReason: kind === 'reject' });
  }

  return (
    <section className="panel" aria-busy={busy} data-application={a.id}>
      <p><Link to="/platform">← {w.back}</Link></p>
      <h2>{a.companyName} <span className="muted">({a.kind === 'seller' ? w.seller : w.buyer} · {a.statusLabel})</span></h2>
      <dl className="facts">
        <div><dt>{w.applicant}</dt><dd>{a.applicant ? `${a.applicant.nickname} ${a.applicant.mobile}` : ''}</dd></div>
        <div><dt>{w.abbreviation}</dt><dd>{a.abbreviation}</dd></div>
        <div><dt>{w.mainBusiness}</dt><dd>{a.mainBusiness}</dd></div>
        <div><dt>{w.land}</dt><dd>{a.landName || '—'}</dd></div>
        <div><dt>{w.address}</dt><dd>{a.address}</dd></div>
        <div><dt>{w.intro}</dt><dd>{a.intro || '—'}</dd></div>
        <div><dt>{w.remark}</dt><dd>{a.remark}</dd></div>
      </dl>
      <div className="console-docs">
        <figure><figcaption>{w.licence}</figcaption><a href={a.licenceUrl} target="_blank" rel="noreferrer"><img src={a.licenceUrl} alt={w.licence} /></a></figure>
        <figure><figcaption>{w.companyImage}</figcaption><a href={a.companyImageUrl} target="_blank" rel="noreferrer"><img src={a.companyImageUrl} alt={w.companyImage} /></a></figure>
      </div>
      {a.status === SettlementStatus.SUBMITTED ? (
        <>
          <form className="console-form" onSubmit={(e) => void decide('approve', e)}>
            <label>{w.attachTo}<br /><input name="companyId" inputMode="numeric" pattern="[0-9]*" value={companyId} onChange={(e) => setCompanyId(e.target.value.replace(/\D/g, ''))} /></label>
            <button type="submit" className="button button--primary" disabled={busy} data-decide="approve">{busy ? w.working : w.approve}</button>
          </form>
          <form className="console-form" onSubmit={(e) => void decide('reject', e)}>
            <label>{w.rejectReason}<br /><textarea name="reason" rows={2} cols={40} maxLength={SettlementLimits.rejectReason.max} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} /></label>
            <button type="submit" className="button" disabled={busy} data-decide="reject">{w.reject}</button>
            {error ? <p className="field__error" role="alert">{error}</p> : null}
          </form>
        </>
      ) : (
        <p className="settle__status">{fill(w.decided, { status: a.statusLabel })}{a.rejectReason ? ` — ${a.rejectReason}` : ''}</p>
      )}
    </section>
  );
}
