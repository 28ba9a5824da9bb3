// The release forms of purchase requests (/buy/release, /home/person/releasePurchase) and supply offers
// (/supply/release, /home/person/releaseSupply): one picture, pattern type, unit, quantity, a 1-50
// character description, and for a request the purchase type, made-to-order and a deadline. The form
// checks the description and quantity itself; every other refusal is the api's message.
import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/link';
import type { PurchaseDetail } from '../../contracts/purchase';
import type { SupplyDetail } from '../../contracts/supply';
import { buyTypeLabels, PatternType, patternTypeLabels, Unit, unitLabels, UserType } from '../../domain/catalogue';
import { Codes } from '../../domain/codes';
import { tradeCodeMessages } from '../../domain/trade-messages';
import { PurchaseLimits } from '../../domain/purchase';
import { loginPath } from '../../data-strategy';
import { useStores } from '../../stores/root.store';
import { SubmitButton, TextField } from '../../components/form-field';
import { ImageUpload, UploadedList, type UploadedImage } from '../../components/upload/image-upload';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { useWords } from '../../components/use-words';
import { tradeWords } from './trade.words';
import { TradeCodes } from '../../domain/trade-codes';

const DAY = 86_400_000;
/** The deadline date as the end of that day in China (the market's day). */
export const deadlineOf = (date: string) => new Date(`${date}T23:59:59+08:00`).toISOString();
const inDays = (n: number) => new Date(Date.now() + n * DAY + 8 * 3_600_000).toISOString().slice(0, 10);

/** `editing`: the owner's supply offer, saved through /companySupply/edit instead of posted anew. */
export const ReleaseForm = observer(function ReleaseForm({ kind, editing }: { kind: 'buy' | 'supply'; editing?: SupplyDetail }) {
  const w = useWords(tradeWords);
  const lang = useLang();
  const { auth, toasts } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const run = useApiAction();
  const [image, setImage] = useState<UploadedImage | null>(editing ? { size: 0, name: '', result: '', storeAs: editing.imagePath, url: editing.imageUrl } : null);
  const [v, setV] = useState({
    catalogue: String(editing?.catalogue ?? PatternType.FABRIC), unit: String(editing?.unit ?? Unit.YARD), sampleType: '2', acceptProduce: true, sample: editing?.sample ?? true,
    quantity: editing ? String(editing.quantity) : '', description: editing?.description ?? '', deadline: inDays(7),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (value: string | boolean) => setV({ ...v, [k]: value });

  if (!auth.isAuthenticated) return <p className="panel">{w.signInFirst} <Link className="button button--primary" to={loginPath(location)}>{w.signIn}</Link></p>;
  const type = auth.user?.userType;
  if (kind === 'buy' && type !== UserType.DESIGNER) return <p className="panel notice" role="note">{w.buyersOnly}</p>;
  if (kind === 'supply' && type !== UserType.MANUFACTURER && type !== UserType.TRADER) return <p className="panel notice" role="note">{w.sellersOnly}</p>;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const description = v.description.trim();
    const quantity = Number(v.quantity);
    if (!image) return setError(tradeCodeMessages[kind === 'buy' ? TradeCodes.PURCHASE_IMAGE : TradeCodes.SUPPLY_IMAGE][lang]);
    if ([...description].length < 1 || [...description].length > PurchaseLimits.descriptionMax) return setError(tradeCodeMessages[TradeCodes.PURCHASE_DESCRIPTION][lang]);
    if (!Number.isInteger(quantity) || quantity < 1) return setError(tradeCodeMessages[TradeCodes.PURCHASE_QUANTITY][lang]);
    setError(null);
    setBusy(true);
    try {
      const common = { imagePath: image.storeAs, catalogue: Number(v.catalogue), unit: Number(v.unit), quantity, description };
      const res = kind === 'buy'
        ? await run((api) => api.post<PurchaseDetail>('/productBuy/release', { ...common, sampleType: Number(v.sampleType), acceptProduce: v.acceptProduce, deadline: deadlineOf(v.deadline) }), { quiet: true })
        : editing
          ? await run((api) => api.post<SupplyDetail>('/companySupply/edit', { id: editing.id, ...common, sample: v.sample }), { quiet: true })
          : await run((api) => api.post<SupplyDetail>('/companySupply/release', { ...common, sample: v.sample }), { quiet: true });
      if (res?.code === Codes.OK) {
        toasts.success(res.message);
        await navigate(kind === 'buy' ? `/buy/${res.data.id}` : `/supply/${res.data.id}`);
      } else if (res) setError(res.message);
    } finally {
      setBusy(false);
    }
  }

  const options = (labels: Record<number, { zh: string; en: string }>) => Object.entries(labels).map(([code, l]) => <option key={code} value={code}>{l[lang]}</option>);
  return (
    <form className="panel trade-form" noValidate onSubmit={(e) => void submit(e)} data-release={kind} data-editing={editing?.id}>
      <fieldset className="field">
        <legend className="field__label">{w.image}</legend>
        {image ? <UploadedList images={[image]} onRemove={() => setImage(null)} /> : <ImageUpload onDone={(list) => setImage(list[0] ?? null)} />}
      </fieldset>
      <div className="trade-form__row">
        <label className="field"><span className="field__label">{w.catalogue}</span>
          <select className="field__input" name="catalogue" value={v.catalogue} onChange={(e) => set('catalogue')(e.target.value)}>{options(patternTypeLabels)}</select></label>
        {kind === 'buy' ? (
          <label className="field"><span className="field__label">{w.sampleType}</span>
            <select className="field__input" name="sampleType" value={v.sampleType} onChange={(e) => set('sampleType')(e.target.value)}>{options(buyTypeLabels)}</select></label>
        ) : null}
        <TextField label={w.quantity} name="quantity" type="number" inputMode="numeric" min="1" step="1" required value={v.quantity} onChange={set('quantity')} />
        <label className="field"><span className="field__label">{w.unit}</span>
          <select className="field__input" name="unit" value={v.unit} onChange={(e) => set('unit')(e.target.value)}>{options(unitLabels)}</select></label>
        {kind === 'buy' ? <TextField label={w.deadlineField} name="deadline" type="date" required value={v.deadline} min={inDays(1)} max={inDays(90)} onChange={set('deadline')} /> : null}
      </div>
      <TextField label={w.description} name="description" required maxLength={60} value={v.description} onChange={set('description')} />
      <label className="trade-form__check">
        <input type="checkbox" name={kind === 'buy' ? 'acceptProduce' : 'sample'} checked={kind === 'buy' ? v.acceptProduce : v.sample} onChange={(e) => set(kind === 'buy' ? 'acceptProduce' : 'sample')(e.target.checked)} />
        {kind === 'buy' ? w.acceptProduce : w.sample}
      </label>
      {error ? <p className="field__error" role="alert">{error}</p> : null}
      <SubmitButton busy={busy} busyLabel={w.submitting}>{editing ? w.save : w.submit}</SubmitButton>
    </form>
  );
});
