// /home/shopManage/cooperation: the shop's partner companies through the five /collaborateCompany/*
// calls (list, get, add, update, delete), each on the seller's own records only.
import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Area, Page } from '../../contracts/common';
import type { ImageRef, Partner } from '../../contracts/shop';
import { unwrap } from '../../api-client/results';
import { messageFor } from '../../domain/code-messages';
import { checkPartner, partnerKinds, ShopLimits } from '../../domain/shop';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { SubmitButton, TextField } from '../../components/form-field';
import { RegionPicker, type RegionValue } from '../../components/region-picker';
import { CodeSelect, ImageSlot, TextArea } from './fields';
import { RecordList } from './record-list';
import { shopManageWords } from './shop-manage.words';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const signal = request.signal;
  const [partners, provinces] = await Promise.all([
    api.get<Page<Partner>>('/collaborateCompany/listCollaborateCompanys', { pageNum: 1, pageSize: ShopLimits.partnersMax }, { signal }),
    api.get<Area[]>('/front/area/byParent', undefined, { signal }),
  ]);
  return { partners: unwrap(partners), provinces: unwrap(provinces) };
}

export function Component() {
  const { partners } = useLoaderData<typeof loader>();
  const w = useWords(shopManageWords);
  const lang = useLang();
  const run = useApiAction();
  return (
    <RecordList
      title={w.partnerTitle} addLabel={w.addPartner} emptyLabel={w.noPartners} records={partners.list} max={ShopLimits.partnersMax} kind="partner"
      describe={(p) => (
        <>
          <p><strong>{p.name}</strong> <span className="status-pill">{partnerKinds[p.kind]?.[lang]}</span></p>
          <p className="muted">{[p.contact, p.tel, `${p.provinceName} ${p.cityName}`.trim()].filter(Boolean).join(' · ')}</p>
          {p.intro ? <p>{p.intro}</p> : null}
        </>
      )}
      nameOf={(p) => p.name}
      form={(p, done) => <PartnerForm partner={p} onDone={done} />}
      remove={async (p) => (await run((api) => api.get('/collaborateCompany/deleteCollaborateCompany', { id: p.id })))?.code === 0}
    />
  );
}

function PartnerForm({ partner, onDone }: { partner: Partner | null; onDone(saved: boolean): Promise<void> }) {
  const { provinces } = useLoaderData<typeof loader>();
  const w = useWords(shopManageWords);
  const lang = useLang();
  const run = useApiAction();
  const [name, setName] = useState(partner?.name ?? '');
  const [kind, setKind] = useState<number | null>(partner?.kind ?? null);
  const [contact, setContact] = useState(partner?.contact ?? '');
  const [tel, setTel] = useState(partner?.tel ?? '');
  const [region, setRegion] = useState<RegionValue>({ provinceCode: partner?.province ?? '', cityCode: partner?.city ?? '', districtCode: '' });
  const [intro, setIntro] = useState(partner?.intro ?? '');
  const [logo, setLogo] = useState<ImageRef | null>(partner?.logo ?? null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = { name, kind: kind ?? 0, contact, tel, province: region.provinceCode, city: region.cityCode, intro, logo: logo?.path ?? '' };
    const broken = checkPartner(body);
    if (broken !== null) { setError(messageFor(broken, lang)); return; }
    setError('');
    setBusy(true);
    const envelope = await run((api) => (partner ? api.post<Partner>('/collaborateCompany/updateCollaborateCompany', { id: partner.id, ...body }) : api.post<Partner>('/collaborateCompany/addCollaborateCompany', body)));
    setBusy(false);
    if (envelope?.code === 0) await onDone(true);
    else if (envelope) setError(envelope.message);
  }

  return (
    <form className="panel__section" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="form-grid">
        <TextField label={w.partnerName} value={name} onChange={setName} required hint={fill(w.lengthHint, { min: ShopLimits.partnerNameMin, max: ShopLimits.partnerNameMax })} />
        <CodeSelect label={w.partnerKind} value={kind} onChange={setKind} table={partnerKinds} none={w.none} required />
        <TextField label={w.contact} value={contact} onChange={setContact} hint={w.optional} />
        <TextField label={w.tel} value={tel} onChange={setTel} inputMode="tel" hint={w.optional} />
        <div className="span-2"><RegionPicker provinces={provinces} value={region} onChange={setRegion} run={run} idPrefix="partner-region" levels={2} /></div>
        <TextArea label={w.partnerIntro} value={intro} onChange={setIntro} max={ShopLimits.partnerIntroMax} hint={w.optional} />
        <ImageSlot label={w.partnerLogo} image={logo} onChange={setLogo} ratio={1} uploadLabel={w.uploadLogo} removeLabel={w.removeImage} noneLabel={w.noImage} />
      </div>
      {error ? <p className="field__error" role="alert">{error}</p> : null}
      <div className="record__actions">
        <SubmitButton busy={busy} busyLabel={w.saving}>{w.save}</SubmitButton>
        <button type="button" className="button" onClick={() => void onDone(false)}>{w.cancel}</button>
      </div>
    </form>
  );
}
