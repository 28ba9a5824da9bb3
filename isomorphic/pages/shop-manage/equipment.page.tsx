// /home/shopManage/equipment: the shop's machines through the four /device/* calls: kind (Leavers,
// Raschel, embroidery…), make and model, gauge ("sparsely"), needles and count.
import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Device } from '../../contracts/shop';
import { unwrap } from '../../api-client/results';
import { messageFor } from '../../domain/code-messages';
import { checkDevice, machineKinds, ShopLimits } from '../../domain/shop';
import { loaderDeps } from '../../loader-context';
import { useApiAction } from '../../components/use-api-action';
import { useLang } from '../../components/use-lang';
import { fill, useWords } from '../../components/use-words';
import { SubmitButton, TextField } from '../../components/form-field';
import { CodeSelect, numberOrNull, showNumber } from './fields';
import { RecordList } from './record-list';
import { shopManageWords } from './shop-manage.words';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = loaderDeps(context);
  return { devices: unwrap(await api.post<Device[]>('/device/listOwnDevice', {}, { signal: request.signal })) };
}

export function Component() {
  const { devices } = useLoaderData<typeof loader>();
  const w = useWords(shopManageWords);
  const lang = useLang();
  const run = useApiAction();
  return (
    <RecordList
      title={w.equipmentTitle} addLabel={w.addDevice} emptyLabel={w.noDevices} records={devices} max={ShopLimits.devicesMax} kind="device"
      describe={(d) => (
        <>
          <p><strong>{machineKinds[d.kind]?.[lang]}</strong> {d.name ? `· ${d.name}` : ''}</p>
          <p className="muted">{[d.gauge, d.needles !== null ? `${w.needles} ${d.needles}` : '', fill(w.countValue, { count: d.count })].filter(Boolean).join(' · ')}</p>
          {d.remark ? <p>{d.remark}</p> : null}
        </>
      )}
      nameOf={(d) => `${machineKinds[d.kind]?.[lang] ?? ''} ${d.name}`.trim()}
      form={(d, done) => <DeviceForm device={d} onDone={done} />}
      remove={async (d) => (await run((api) => api.post('/device/deleteDevice', { id: d.id })))?.code === 0}
    />
  );
}

function DeviceForm({ device, onDone }: { device: Device | null; onDone(saved: boolean): Promise<void> }) {
  const w = useWords(shopManageWords);
  const lang = useLang();
  const run = useApiAction();
  const [kind, setKind] = useState<number | null>(device?.kind ?? null);
  const [name, setName] = useState(device?.name ?? '');
  const [gauge, setGauge] = useState(device?.gauge ?? '');
  const [needles, setNeedles] = useState(showNumber(device?.needles ?? null));
  const [count, setCount] = useState(String(device?.count ?? 1));
  const [remark, setRemark] = useState(device?.remark ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = { kind: kind ?? 0, name, gauge, needles: numberOrNull(needles), count: Number(count), remark };
    const broken = checkDevice(body);
    if (broken !== null) { setError(messageFor(broken, lang)); return; }
    setError('');
    setBusy(true);
    const envelope = await run((api) => (device ? api.post<Device>('/device/updateDevice', { id: device.id, ...body }) : api.post<Device>('/device/addDevice', body)));
    setBusy(false);
    if (envelope?.code === 0) await onDone(true);
    else if (envelope) setError(envelope.message);
  }

  return (
    <form className="panel__section" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="form-grid">
        <CodeSelect label={w.machineKind} value={kind} onChange={setKind} table={machineKinds} none={w.none} required />
        <TextField label={w.model} value={name} onChange={setName} hint={w.optional} />
        <TextField label={w.gauge} value={gauge} onChange={setGauge} hint={w.optional} />
        <TextField label={w.needles} value={needles} onChange={setNeedles} inputMode="numeric" hint={w.optional} />
        <TextField label={w.count} value={count} onChange={setCount} inputMode="numeric" required />
        <TextField label={w.remark} value={remark} onChange={setRemark} hint={w.optional} />
      </div>
      {error ? <p className="field__error" role="alert">{error}</p> : null}
      <div className="record__actions">
        <SubmitButton busy={busy} busyLabel={w.saving}>{w.save}</SubmitButton>
        <button type="button" className="button" onClick={() => void onDone(false)}>{w.cancel}</button>
      </div>
    </form>
  );
}
