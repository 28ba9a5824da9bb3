// /settle/apply (SPEC §2, §5): a signed-in user applies to settle. Manufacturers and traders settle as
// sellers (a lace-industry area of /common/getSettledLands is required); a designer's studio as a buyer
// company. Every rule is checked here with the api's own messages (domain/settlement.ts) and again at
// the api. Shows the current application: under review (withdraw), approved, or rejected with its reason
// and the form filled in to correct and resubmit.
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { Area } from '../../contracts/common';
import type { SettlementApplication, SettlementOverview } from '../../contracts/settlement';
import { unwrap } from '../../api-client/results';
import { codeMessages } from '../../domain/code-messages';
import { checkSettlement, SettlementLimits, SettlementStatus, type SettlementField, type SettlementInput } from '../../domain/settlement';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { SubmitButton, TextField, focusFirstInvalid, type FieldErrors } from '../../components/form-field';
import { RegionPicker, type RegionValue } from '../../components/region-picker';
import { ImageUpload } from '../../components/upload/image-upload';
import { settleWords } from './settle.words';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const signal = request.signal;
  const [overview, provinces] = await Promise.all([
    api.get<SettlementOverview>('/settle/overview', undefined, { signal }),
    api.get<Area[]>('/front/area/byParent', undefined, { signal }),
  ]);
  return { overview: unwrap(overview), provinces: unwrap(provinces) };
}

export function Component() {
  const { overview } = useLoaderData<typeof loader>();
  const w = useWords(settleWords);
  const current = overview.current;
  const company = current?.companyName ?? '';
  return (
    <div className="settle">
      <title>{w.title}</title>
      <section className="panel">
        <h1>{w.title}</h1>
        <p className="muted">{overview.kind === 'seller' ? w.introSeller : w.introBuyer}</p>
        {overview.settled ? (
          <div className="settle__status" data-settle-status="settled">
            <p>{fill(w.approved, { company })}</p>
            <Link className="button button--primary" to={overview.kind === 'seller' ? '/home/shopManage' : '/home/person'}>{overview.kind === 'seller' ? w.toShop : w.toPerson}</Link>
          </div>
        ) : current?.status === SettlementStatus.SUBMITTED ? (
          <Submitted application={current} />
        ) : (
          <>
            {current?.status === SettlementStatus.REJECTED ? <p className="settle__status settle__status--rejected" data-settle-status="rejected">{fill(w.rejected, { reason: current.rejectReason })}</p> : null}
            {current?.status === SettlementStatus.WITHDRAWN ? <p className="settle__status" data-settle-status="withdrawn">{w.withdrawn}</p> : null}
            <ApplyForm />
          </>
        )}
      </section>
    </div>
  );
}

function Submitted({ application }: { application: SettlementApplication }) {
  const w = useWords(settleWords);
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <div className="settle__status" data-settle-status="submitted">
      <p>{fill(w.submitted, { company: application.companyName })}</p>
      <button type="button" className="button" disabled={busy} onClick={async () => {
        setBusy(true);
        const r = await run((api) => api.post('/settle/withdraw', { id: application.id }));
        setBusy(false);
        if (r?.code === 0) await revalidator.revalidate();
      }}>{w.withdraw}</button>
    </div>
  );
}

type Form = Omit<SettlementInput, 'landId' | 'provinceCode' | 'cityCode'> & { landId: string };

function ApplyForm() {
  const { overview, provinces } = useLoaderData<typeof loader>();
  const w = useWords(settleWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const previous = overview.current && overview.current.status === SettlementStatus.REJECTED ? overview.current : null;
  const [form, setForm] = useState<Form>({
    companyName: previous?.companyName ?? '', abbreviation: previous?.abbreviation ?? '', mainBusiness: previous?.mainBusiness ?? '', intro: previous?.intro ?? '',
    landId: previous?.landId ? String(previous.landId) : '', address: previous?.address ?? '', licencePath: previous?.licencePath ?? '',
    companyImagePath: previous?.companyImagePath ?? '', remark: previous?.remark ?? '', agreed: false,
  });
  const [region, setRegion] = useState<RegionValue>({ provinceCode: previous?.provinceCode ?? '', cityCode: previous?.cityCode ?? '', districtCode: '' });
  const [previews, setPreviews] = useState({ licence: previous?.licenceUrl ?? '', image: previous?.companyImageUrl ?? '' });
  const [errors, setErrors] = useState<FieldErrors<SettlementField>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const L = SettlementLimits;
  const range = (r: { min: number; max: number }) => fill(w.limits, { min: r.min, max: r.max });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input: SettlementInput = { ...form, landId: form.landId ? Number(form.landId) : null, provinceCode: region.provinceCode, cityCode: region.cityCode };
    const found: FieldErrors<SettlementField> = {};
    for (const p of checkSettlement(input, overview.kind)) found[p.field] ??= codeMessages[p.code][lang];
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(formRef.current);
    setBusy(true);
    const body = overview.kind === 'seller' ? input : { ...input, landId: null };
    const envelope = previous
      ? await run((api) => api.post<SettlementApplication>('/settle/resubmit', { id: previous.id, ...body }))
      : await run((api) => api.post<SettlementApplication>('/settle/apply', body));
    setBusy(false);
    if (envelope?.code === 0) await revalidator.revalidate();
  }

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <TextField label={w.companyName} name="companyName" value={form.companyName} onChange={set('companyName')} error={errors.companyName} hint={range(L.companyName)} maxLength={L.companyName.max} required />
      <TextField label={w.abbreviation} name="abbreviation" value={form.abbreviation} onChange={set('abbreviation')} error={errors.abbreviation} hint={range(L.abbreviation)} maxLength={L.abbreviation.max} required />
      <TextField label={w.mainBusiness} name="mainBusiness" value={form.mainBusiness} onChange={set('mainBusiness')} error={errors.mainBusiness} hint={range(L.mainBusiness)} maxLength={L.mainBusiness.max} required />
      <div className={`field${errors.intro ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="settle-intro">{w.intro}</label>
        <textarea id="settle-intro" name="intro" className="field__input" rows={4} value={form.intro} maxLength={L.intro.max} onChange={(e) => set('intro')(e.target.value)} aria-invalid={errors.intro ? true : undefined} />
        {errors.intro ? <p className="field__error">{errors.intro}</p> : <p className="field__hint">{fill(w.atMost, { max: L.intro.max })}</p>}
      </div>
      {overview.kind === 'seller' ? (
        <div className={`field${errors.landId ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="settle-land">{w.land}</label>
          <select id="settle-land" name="landId" className="field__input" value={form.landId} onChange={(e) => set('landId')(e.target.value)} aria-invalid={errors.landId ? true : undefined}>
            <option value="">{w.chooseLand}</option>
            {overview.lands.map((l) => <option key={l.id} value={l.id}>{lang === 'en' ? `${l.nameEn} · ${l.specialityEn}` : `${l.name} · ${l.speciality}`}</option>)}
          </select>
          {errors.landId ? <p className="field__error">{errors.landId}</p> : null}
        </div>
      ) : null}
      <RegionPicker provinces={provinces} value={region} onChange={setRegion} run={run} error={errors.provinceCode} idPrefix="settle-region" />
      <TextField label={w.address} name="address" value={form.address} onChange={set('address')} error={errors.address} hint={range(L.address)} maxLength={L.address.max} required />
      <div className="settle__images">
        <div className={`field${errors.licencePath ? ' field--invalid' : ''}`} data-field="licence">
          <span className="field__label">{w.licence}</span>
          <ImageUpload label={w.uploadLicence} maxNum={1} onDone={(list) => { if (list[0]) { set('licencePath')(list[0].storeAs); setPreviews((p) => ({ ...p, licence: list[0].url })); } }} />
          {previews.licence ? <img className="settle__thumb" src={previews.licence} alt={w.licence} /> : null}
          {errors.licencePath ? <p className="field__error">{errors.licencePath}</p> : null}
        </div>
        <div className={`field${errors.companyImagePath ? ' field--invalid' : ''}`} data-field="company-image">
          <span className="field__label">{w.companyImage}</span>
          <ImageUpload label={w.uploadImage} maxNum={1} onDone={(list) => { if (list[0]) { set('companyImagePath')(list[0].storeAs); setPreviews((p) => ({ ...p, image: list[0].url })); } }} />
          {previews.image ? <img className="settle__thumb" src={previews.image} alt={w.companyImage} /> : null}
          {errors.companyImagePath ? <p className="field__error">{errors.companyImagePath}</p> : null}
        </div>
      </div>
      <TextField label={w.remark} name="remark" value={form.remark} onChange={set('remark')} error={errors.remark} hint={fill(w.atMost, { max: L.remark.max })} maxLength={L.remark.max} required />
      <div className={`field${errors.agreed ? ' field--invalid' : ''}`}>
        <label className="checkbox">
          <input type="checkbox" name="agreed" checked={form.agreed} onChange={(e) => setForm((f) => ({ ...f, agreed: e.target.checked }))} aria-invalid={errors.agreed ? true : undefined} />
          {' '}{w.agree} <Link to="/settle/rules" target="_blank">{w.rules}</Link>
        </label>
        {errors.agreed ? <p className="field__error">{errors.agreed}</p> : null}
      </div>
      <SubmitButton busy={busy} busyLabel={w.submitting}>{previous ? w.resubmit : w.submit}</SubmitButton>
    </form>
  );
}
