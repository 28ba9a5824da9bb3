// /home/shopManage/aptitude: the shop's certificates (/companyAptitude/getCompanyAptitude and
// saveCompanyAptitude, which saves the whole list): type, number, issuer, validity and pictures, with
// the platform's verification and whether the badge shows today.
import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Certificate, ImageRef } from '../../contracts/shop';
import { unwrap } from '../../api-client/results';
import { messageFor } from '../../domain/code-messages';
import { certificateTypes, checkCertificate, ShopLimits, verifyStatusLabels, type CertificateInput } from '../../domain/shop';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { SubmitButton, TextField } from '../../components/form-field';
import { ImageUpload } from '../../components/upload/image-upload';
import { CodeSelect } from './fields';
import { RecordList } from './record-list';
import { shopManageWords } from './shop-manage.words';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  return { certificates: unwrap(await api.get<Certificate[]>('/companyAptitude/getCompanyAptitude', undefined, { signal: request.signal })) };
}

const asInput = (c: Certificate): CertificateInput => ({ id: c.id, type: c.type, name: c.name, number: c.number, issuer: c.issuer, validFrom: c.validFrom, validTo: c.validTo, images: c.images.map((i) => i.path) });

export function Component() {
  const { certificates } = useLoaderData<typeof loader>();
  const w = useWords(shopManageWords);
  const lang = useLang();
  const run = useApiAction();
  const [busy, setBusy] = useState(false);
  const typeName = (c: { type: number; name: string }) => c.name || certificateTypes[c.type]?.[lang] || '';

  // The api saves the whole list: adding, editing and removing each send it.
  async function saveList(list: CertificateInput[]): Promise<boolean> {
    setBusy(true);
    const envelope = await run((api) => api.post<Certificate[]>('/companyAptitude/saveCompanyAptitude', { list }));
    setBusy(false);
    return envelope?.code === 0;
  }

  return (
    <RecordList
      title={w.certTitle} addLabel={w.addCert} emptyLabel={w.noCerts} records={certificates} max={ShopLimits.certificatesMax} kind="certificate"
      intro={(
        <>
          <p className="muted">{w.certIntro}</p>
          <p className="panel__count">{fill(w.certCount, { count: certificates.length, max: ShopLimits.certificatesMax })}</p>
        </>
      )}
      describe={(c) => (
        <>
          <p><strong>{typeName(c)}</strong> <span className={`status-pill status-pill--${c.verifyStatus}`}>{verifyStatusLabels[c.verifyStatus]?.[lang]}</span>{c.expired ? <> <span className="status-pill status-pill--2">{w.expired}</span></> : null}{c.badged ? <> <span className="verified-badge verified-badge--small">✓</span></> : null}</p>
          <p className="muted">{w.certNumber}: {c.number} · {w.issuer}: {c.issuer}</p>
          <p className="muted">{w.validFrom} {c.validFrom} · {w.validTo} {c.validTo ?? w.longTerm}</p>
          {c.verifyNote ? <p className="muted">{fill(w.note, { note: c.verifyNote })}</p> : null}
          <ul className="thumbs">{c.images.map((i) => <li key={i.path}><img src={i.url} alt={typeName(c)} /></li>)}</ul>
        </>
      )}
      nameOf={(c) => typeName(c)}
      form={(cert, done) => (
        <CertificateForm
          cert={cert}
          busy={busy}
          onCancel={() => void done(false)}
          onSave={async (input) => {
            const list = cert === null ? [...certificates.map(asInput), input] : certificates.map((c) => (c.id === cert.id ? { ...input, id: c.id } : asInput(c)));
            if (await saveList(list)) await done(true);
          }}
        />
      )}
      remove={(cert) => saveList(certificates.filter((c) => c.id !== cert.id).map(asInput))}
    />
  );
}

function CertificateForm({ cert, busy, onCancel, onSave }: { cert: Certificate | null; busy: boolean; onCancel(): void; onSave(input: CertificateInput): Promise<void> }) {
  const w = useWords(shopManageWords);
  const lang = useLang();
  const [type, setType] = useState<number | null>(cert?.type ?? null);
  const [name, setName] = useState(cert?.name ?? '');
  const [number, setNumber] = useState(cert?.number ?? '');
  const [issuer, setIssuer] = useState(cert?.issuer ?? '');
  const [validFrom, setValidFrom] = useState(cert?.validFrom ?? '');
  const [validTo, setValidTo] = useState(cert?.validTo ?? '');
  const [longTerm, setLongTerm] = useState(cert ? cert.validTo === null : false);
  const [images, setImages] = useState<ImageRef[]>(cert?.images ?? []);
  const [error, setError] = useState('');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input: CertificateInput = { type: type ?? 0, name, number, issuer, validFrom, validTo: longTerm ? null : validTo, images: images.map((i) => i.path) };
    const broken = checkCertificate(input);
    if (broken !== null) { setError(messageFor(broken, lang)); return; }
    setError('');
    await onSave(input);
  }

  return (
    <form className="panel__section" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="form-grid">
        <CodeSelect label={w.certType} value={type} onChange={setType} table={certificateTypes} none={w.none} required />
        <TextField label={w.certName} value={name} onChange={setName} hint={w.optional} />
        <TextField label={w.certNumber} value={number} onChange={setNumber} required />
        <TextField label={w.issuer} value={issuer} onChange={setIssuer} required />
        <TextField label={w.validFrom} value={validFrom} onChange={setValidFrom} type="date" required />
        <div className="field">
          {longTerm ? <span className="field__label">{w.validTo}</span> : null}
          {longTerm ? null : <TextField label={w.validTo} value={validTo} onChange={setValidTo} type="date" />}
          <label><input type="checkbox" checked={longTerm} onChange={(e) => setLongTerm(e.target.checked)} /> {w.longTerm}</label>
        </div>
        <div className="field span-2">
          <span className="field__label">{w.certImages}</span>
          <ul className="thumbs">
            {images.map((i) => (
              <li key={i.path}><img src={i.url} alt={w.certImages} /><button type="button" className="link-button link-button--danger" onClick={() => setImages(images.filter((x) => x.path !== i.path))}>{w.removeImage}</button></li>
            ))}
          </ul>
          {images.length < ShopLimits.certificateImagesMax ? (
            <ImageUpload multiple maxNum={ShopLimits.certificateImagesMax - images.length} onDone={(list) => setImages([...images, ...list.map((f) => ({ path: f.storeAs, url: f.result }))].slice(0, ShopLimits.certificateImagesMax))} />
          ) : null}
        </div>
      </div>
      {error ? <p className="field__error" role="alert">{error}</p> : null}
      <div className="record__actions">
        <SubmitButton busy={busy} busyLabel={w.saving}>{w.save}</SubmitButton>
        <button type="button" className="button" onClick={onCancel}>{w.cancel}</button>
      </div>
    </form>
  );
}
