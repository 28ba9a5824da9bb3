// /home/shopManage/setting: the shop's face (/company/updateCompany: names, logo and banner through the
// cropper at fixed ratios, album, intro, phones, region, coordinates, address) and the company's facts
// (/company/updateCompanyExtend). SPEC §5's limits are checked here too, with the api's own messages.
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/link';
import type { Area } from '../../contracts/common';
import type { ImageRef, ShopSettings, ShopWebsite } from '../../contracts/shop';
import { unwrap } from '../../api-client/results';
import { messageFor } from '../../domain/code-messages';
import { annualTurnovers, businessModels, checkCompanyExtend, checkShopFields, companyTypes, ShopLimits } from '../../domain/shop';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { SubmitButton, TextField } from '../../components/form-field';
import { RegionPicker, type RegionValue } from '../../components/region-picker';
import { ImageUpload } from '../../components/upload/image-upload';
import { MapSearchBox } from '../../components/maps/map-search-box';
import { CodeSelect, ImageSlot, numberOrNull, showNumber, TextArea } from './fields';
import { ShopManageFrame } from './shop-nav';
import { shopManageWords } from './shop-manage.words';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  const signal = request.signal;
  const [settingsEnvelope, provincesEnvelope] = await Promise.all([
    api.get<ShopSettings>('/company/getMyCompany', undefined, { signal }),
    api.get<Area[]>('/front/area/byParent', undefined, { signal }),
  ]);
  const settings = unwrap(settingsEnvelope);
  const site = await api.get<ShopWebsite>('/website/getWebsite', { companyId: settings.id }, { signal });
  const maps = site.code === 0 ? site.data.maps : { provider: 'none' as const, key: '', securityCode: '', version: '' };
  return { settings, provinces: unwrap(provincesEnvelope), maps };
}

export function Component() {
  const { settings } = useLoaderData<typeof loader>();
  const w = useWords(shopManageWords);
  return (
    <ShopManageFrame title={w.setting} actions={<Link className="button" to={`/company/${settings.id}`}>{w.viewShop}</Link>}>
      <FaceForm key={`face-${settings.id}`} />
      <FactsForm key={`facts-${settings.id}`} />
    </ShopManageFrame>
  );
}

function FaceForm() {
  const { settings: s, provinces, maps } = useLoaderData<typeof loader>();
  const w = useWords(shopManageWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [name, setName] = useState(s.name);
  const [nameEn, setNameEn] = useState(s.nameEn);
  const [abbreviation, setAbbreviation] = useState(s.abbreviation);
  const [mainBusiness, setMainBusiness] = useState(s.mainBusiness);
  const [mainBusinessEn, setMainBusinessEn] = useState(s.mainBusinessEn);
  const [intro, setIntro] = useState(s.intro);
  const [introEn, setIntroEn] = useState(s.introEn);
  const [logo, setLogo] = useState<ImageRef | null>(s.logo);
  const [banner, setBanner] = useState<ImageRef | null>(s.banner);
  const [album, setAlbum] = useState<ImageRef[]>(s.album);
  const [tel, setTel] = useState(s.tel);
  const [fax, setFax] = useState(s.fax);
  const [sms, setSms] = useState(s.smsMobiles.join(', '));
  const [region, setRegion] = useState<RegionValue>({ provinceCode: s.province, cityCode: s.city, districtCode: '' });
  const [address, setAddress] = useState(s.address);
  const [lat, setLat] = useState(showNumber(s.lat));
  const [lng, setLng] = useState(showNumber(s.lng));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = {
      name, nameEn, abbreviation, mainBusiness, mainBusinessEn, intro, introEn,
      logo: logo?.path ?? '', banner: banner?.path ?? '', album: album.map((a) => a.path),
      tel, fax, smsMobiles: sms.split(/[,，\s]+/).map((x) => x.trim()).filter(Boolean),
      province: region.provinceCode, city: region.cityCode, address, lat: numberOrNull(lat), lng: numberOrNull(lng),
    };
    const broken = checkShopFields(body);
    if (broken !== null) { setError(messageFor(broken, lang)); return; }
    setError('');
    setBusy(true);
    const envelope = await run((api) => api.post<ShopSettings>('/company/updateCompany', body));
    setBusy(false);
    if (envelope && envelope.code !== 0) setError(envelope.message);
    if (envelope?.code === 0) await revalidator.revalidate();
  }

  return (
    <form className="panel__section" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="face-title">
      <h2 className="section-title" id="face-title">{w.faceTitle}</h2>
      <div className="form-grid">
        <TextField label={w.name} value={name} onChange={setName} hint={fill(w.lengthHint, { min: ShopLimits.nameMin, max: ShopLimits.nameMax })} required />
        <TextField label={w.nameEn} value={nameEn} onChange={setNameEn} hint={w.optional} />
        <TextField label={w.abbreviation} value={abbreviation} onChange={setAbbreviation} hint={fill(w.lengthHint, { min: ShopLimits.abbreviationMin, max: ShopLimits.abbreviationMax })} />
        <TextField label={w.mainBusiness} value={mainBusiness} onChange={setMainBusiness} hint={fill(w.lengthHint, { min: ShopLimits.mainBusinessMin, max: ShopLimits.mainBusinessMax })} />
        <TextField label={w.mainBusinessEn} value={mainBusinessEn} onChange={setMainBusinessEn} hint={w.optional} />
        <TextArea label={w.intro} value={intro} onChange={setIntro} max={ShopLimits.introMax} />
        <TextArea label={w.introEn} value={introEn} onChange={setIntroEn} max={ShopLimits.introEnMax} hint={w.optional} />
        <ImageSlot label={w.logo} image={logo} onChange={setLogo} ratio={ShopLimits.logoRatio} uploadLabel={w.uploadLogo} removeLabel={w.removeImage} noneLabel={w.noImage} />
        <ImageSlot label={w.banner} image={banner} onChange={setBanner} ratio={ShopLimits.bannerRatio} uploadLabel={w.uploadBanner} removeLabel={w.removeImage} noneLabel={w.noImage} banner />
        <div className="field span-2">
          <span className="field__label">{w.album}</span>
          <ul className="thumbs">
            {album.map((a) => (
              <li key={a.path}>
                <img src={a.url} alt={w.album} />
                <button type="button" className="link-button link-button--danger" onClick={() => setAlbum(album.filter((x) => x.path !== a.path))}>{w.removeImage}</button>
              </li>
            ))}
          </ul>
          {album.length < ShopLimits.albumMax ? (
            <ImageUpload multiple maxNum={ShopLimits.albumMax - album.length} label={w.uploadAlbum} onDone={(list) => setAlbum([...album, ...list.map((f) => ({ path: f.storeAs, url: f.result }))].slice(0, ShopLimits.albumMax))} />
          ) : null}
        </div>
        <TextField label={w.tel} value={tel} onChange={setTel} inputMode="tel" />
        <TextField label={w.fax} value={fax} onChange={setFax} inputMode="tel" />
        <TextField className="span-2" label={w.smsMobiles} value={sms} onChange={setSms} inputMode="tel" />
        <div className="span-2"><RegionPicker provinces={provinces} value={region} onChange={setRegion} run={run} idPrefix="shop-region" levels={2} /></div>
        <TextField className="span-2" label={w.address} value={address} onChange={setAddress} hint={fill(w.maxHint, { max: ShopLimits.addressMax })} />
        {maps.provider === 'amap' ? (
          <div className="field span-2">
            <MapSearchBox settings={maps} onPick={(p) => { setLat(p.lat.toFixed(6)); setLng(p.lng.toFixed(6)); }} />
            <p className="field__hint">{w.mapHint}</p>
          </div>
        ) : <p className="field__hint span-2">{w.coordinatesHint}</p>}
        <TextField label={w.lat} value={lat} onChange={setLat} inputMode="decimal" />
        <TextField label={w.lng} value={lng} onChange={setLng} inputMode="decimal" />
      </div>
      {error ? <p className="field__error" role="alert">{error}</p> : null}
      <SubmitButton busy={busy} busyLabel={w.saving}>{w.save}</SubmitButton>
    </form>
  );
}

function FactsForm() {
  const { settings: s } = useLoaderData<typeof loader>();
  const w = useWords(shopManageWords);
  const lang = useLang();
  const run = useApiAction();
  const revalidator = useRevalidator();
  const [capital, setCapital] = useState(showNumber(s.registeredCapital));
  const [companyType, setCompanyType] = useState(s.companyType);
  const [staff, setStaff] = useState(showNumber(s.staffCount));
  const [turnover, setTurnover] = useState(s.annualTurnover);
  const [markets, setMarkets] = useState(s.markets);
  const [model, setModel] = useState(s.businessModel);
  const [customers, setCustomers] = useState(s.customers);
  const [area, setArea] = useState(showNumber(s.workshopArea));
  const [established, setEstablished] = useState(s.establishedAt ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = {
      registeredCapital: numberOrNull(capital), companyType, staffCount: numberOrNull(staff), annualTurnover: turnover, markets,
      businessModel: model, customers, workshopArea: numberOrNull(area), establishedAt: established || null,
    };
    const broken = checkCompanyExtend(body);
    if (broken !== null) { setError(messageFor(broken, lang)); return; }
    setError('');
    setBusy(true);
    const envelope = await run((api) => api.post<ShopSettings>('/company/updateCompanyExtend', body));
    setBusy(false);
    if (envelope && envelope.code !== 0) setError(envelope.message);
    if (envelope?.code === 0) await revalidator.revalidate();
  }

  return (
    <form className="panel__section" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="facts-title">
      <h2 className="section-title" id="facts-title">{w.factsTitle}</h2>
      <div className="form-grid">
        <TextField label={w.capital} value={capital} onChange={setCapital} inputMode="numeric" />
        <CodeSelect label={w.companyType} value={companyType} onChange={setCompanyType} table={companyTypes} none={w.none} />
        <TextField label={w.staffCount} value={staff} onChange={setStaff} inputMode="numeric" />
        <CodeSelect label={w.turnover} value={turnover} onChange={setTurnover} table={annualTurnovers} none={w.none} />
        <CodeSelect label={w.businessModel} value={model} onChange={setModel} table={businessModels} none={w.none} />
        <TextField label={w.workshopArea} value={area} onChange={setArea} inputMode="numeric" />
        <TextField label={w.establishedAt} value={established} onChange={setEstablished} type="date" />
        <TextField label={w.markets} value={markets} onChange={setMarkets} hint={fill(w.maxHint, { max: ShopLimits.marketsMax })} />
        <TextField className="span-2" label={w.customers} value={customers} onChange={setCustomers} hint={fill(w.maxHint, { max: ShopLimits.customersMax })} />
      </div>
      {error ? <p className="field__error" role="alert">{error}</p> : null}
      <SubmitButton busy={busy} busyLabel={w.saving}>{w.save}</SubmitButton>
    </form>
  );
}
