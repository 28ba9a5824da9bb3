// Equipment (SPEC §7 /device/*): the seller's own machines, by kind, gauge ("sparsely"), needles and
// count; another company's machine answers "does not exist", whatever its id.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Device } from '../../../isomorphic/contracts/shop';
import { Codes } from '../../../isomorphic/domain/codes';
import { checkDevice, ShopLimits, type DeviceInput } from '../../../isomorphic/domain/shop';
import { ApiError } from '../../http/errors';
import type { ShopOwner } from '../company/shop-owner';
import type { ShopDeviceTable } from './shop.table';
import { countDevices, deleteDevice, findDevice, insertDevice, listDevices, updateDevice } from './shop.queries';

type Db = Kysely<Database>;
const missing = () => new ApiError(Codes.DEVICE_NOT_FOUND, 404);

const toDevice = (r: Selectable<ShopDeviceTable>): Device => ({ id: r.id, kind: r.kind, name: r.name, gauge: r.gauge, needles: r.needles, count: r.count, remark: r.remark });

function check(input: DeviceInput): void {
  const broken = checkDevice(input);
  if (broken !== null) throw new ApiError(broken, 400);
}

const fields = (d: DeviceInput) => ({ kind: d.kind, name: (d.name ?? '').trim(), gauge: (d.gauge ?? '').trim(), needles: d.needles ?? null, count: d.count, remark: (d.remark ?? '').trim() });

/** A company's machines: the seller's list, and the public page's equipment section. */
export async function devicesOf(db: Db, companyId: number): Promise<Device[]> {
  return (await listDevices(db, companyId)).map(toDevice);
}

export async function addDevice(db: Db, owner: ShopOwner, input: DeviceInput, now = new Date()): Promise<Device> {
  check(input);
  if ((await countDevices(db, owner.companyId)) >= ShopLimits.devicesMax) throw new ApiError(Codes.DEVICE_LIMIT, 400);
  const at = now.toISOString();
  const id = await insertDevice(db, { company_id: owner.companyId, ...fields(input), created_at: at, updated_at: at });
  return toDevice((await findDevice(db, owner.companyId, id)) as Selectable<ShopDeviceTable>);
}

export async function changeDevice(db: Db, owner: ShopOwner, id: number, input: DeviceInput, now = new Date()): Promise<Device> {
  check(input);
  if ((await updateDevice(db, owner.companyId, id, { ...fields(input), updated_at: now.toISOString() })) === 0) throw missing();
  return toDevice((await findDevice(db, owner.companyId, id)) as Selectable<ShopDeviceTable>);
}

export async function removeDevice(db: Db, owner: ShopOwner, id: number): Promise<void> {
  if ((await deleteDevice(db, owner.companyId, id)) === 0) throw missing();
}
