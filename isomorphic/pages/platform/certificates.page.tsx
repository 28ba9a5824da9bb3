// /platform/certificates: the sellers' certificates awaiting verification (oldest change first), each
// with its pictures shown large; verify it (the shop then carries the badge while it is valid) or refuse
// it with a reason. The decision applies to the version shown: one the seller changed since is refused.
import type { FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { CertificateForReview } from '../../contracts/shop';
import type { Page } from '../../contracts/common';
import { unwrap } from '../../api-client/results';
import { Codes } from '../../domain/codes';
import { codeMessages } from '../../domain/code-messages';
import { PlatformLimits } from '../../domain/platform';
import { certificateTypes, VerifyStatus, verifyStatusLabels } from '../../domain/shop';
import { loaderDeps } from '../../loader-context';
import { useLang } from '../../components/use-lang';
import { When } from '../../components/when';
import { fill, useWords } from '../../components/use-words';
import { Pager, pageCount, pageParam } from '../catalogue/pager';
import { platformWords } from './platform.words';
import { StatusFilter, statusParam, statusQuery, useDecision } from './console-parts';

const STATUSES = [VerifyStatus.PENDING, VerifyStatus.VERIFIED, VerifyStatus.REJECTED] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const url = new URL(request.url);
  const status = statusParam(url, STATUSES, VerifyStatus.PENDING);
  const pageNum = pageParam(url);
  const page = unwrap(await api.post<Page<CertificateForReview>>('/platform/certificate/list', { status, pageNum, pageSize: 10 }, { signal: request.signal }));
  return { page, status };
}

export function Component() {
  const { page, status } = useLoaderData<typeof loader>();
  const w = useWords(platformWords);
  return (
    <section className="panel" aria-label={w.certificates}>
      <StatusFilter statuses={STATUSES} current={status} labels={verifyStatusLabels} path="/platform/certificates" label={w.status} all={w.all} />
      {page.list.length === 0 ? <p className="muted">{w.empty}</p> : (
        <ul className="cert-desk">{page.list.map((c) => <CertificateCard key={`${c.id}-${c.updatedAt}`} cert={c} />)}</ul>
      )}
      <Pager page={page.pageNum} pages={pageCount(page.total, page.pageSize)} href={(n) => `/platform/certificates?${statusQuery(status)}${n > 1 ? `&page=${n}` : ''}`} />
    </section>
  );
}

function CertificateCard({ cert: c }: { cert: CertificateForReview }) {
  const w = useWords(platformWords);
  const lang = useLang();
  const { reason, setReason, error, busy, decide: run } = useDecision(PlatformLimits.reason, codeMessages[Codes.PLATFORM_REASON_REQUIRED]);
  const typeName = certificateTypes[c.type]?.[lang] ?? '';
  const title = c.name ? `${typeName} · ${c.name}` : typeName;

  async function decide(verified: boolean, e?: FormEvent) {
    e?.preventDefault();
    // decided, or changed by the seller meanwhile: either way the list is read again
    await run((api, note) => api.post('/platform/certificate/verify', { id: c.id, verified, updatedAt: c.updatedAt, ...(verified ? {} : { note }) }),
      { needsReason: !verified, refreshOn: [0, Codes.CERTIFICATE_CHANGED] });
  }

  return (
    <li className="cert-desk__item" data-certificate={c.id} aria-busy={busy}>
      <h2 className="cert-desk__title">{title} <span className={`status-pill status-pill--${c.verifyStatus}`}>{verifyStatusLabels[c.verifyStatus]?.[lang]}</span>{c.expired ? <> <span className="status-pill status-pill--2">{w.expired}</span></> : null}</h2>
      <dl className="facts">
        <div><dt>{w.company}</dt><dd><Link to={`/company/${c.companyId}`}>{c.companyName}</Link> (#{c.companyId})</dd></div>
        <div><dt>{w.certNumber}</dt><dd>{c.number}</dd></div>
        <div><dt>{w.issuer}</dt><dd>{c.issuer}</dd></div>
        <div><dt>{w.validity}</dt><dd>{c.validFrom} – {c.validTo ?? w.longTerm}</dd></div>
        <div><dt>{w.submittedAt}</dt><dd><When at={c.updatedAt} /></dd></div>
        {c.verifyNote ? <div><dt>{w.reason}</dt><dd>{c.verifyNote}</dd></div> : null}
      </dl>
      <div className="console-docs">
        {c.images.map((img, i) => {
          const alt = fill(w.certificateImage, { name: title, n: i + 1 });
          return <figure key={img.path}><a href={img.url} target="_blank" rel="noreferrer"><img src={img.url} alt={alt} /></a><figcaption>{alt}</figcaption></figure>;
        })}
      </div>
      {c.verifyStatus === VerifyStatus.VERIFIED ? null : (
        <form className="console-form" onSubmit={(e) => void decide(true, e)}>
          <button type="submit" className="button button--primary" disabled={busy} data-decide="verify">{busy ? w.working : w.verify}</button>
        </form>
      )}
      {c.verifyStatus === VerifyStatus.REJECTED ? null : (
        <form className="console-form" onSubmit={(e) => void decide(false, e)}>
          <label>{w.rejectReason}<br /><textarea name="reason" rows={2} cols={40} maxLength={PlatformLimits.reason.max} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={error ? true : undefined} /></label>
          <button type="submit" className="button" disabled={busy} data-decide="reject">{c.verifyStatus === VerifyStatus.VERIFIED ? w.revoke : w.reject}</button>
          {error ? <p className="field__error" role="alert">{error}</p> : null}
        </form>
      )}
    </li>
  );
}
