// Schemas of the delivery-address calls. The address shape is checked against isomorphic/contracts/account.ts;
// the rules with their own messages (phone format, regions that exist and nest, the cap) are the service's.
import { Type, type Static } from '@sinclair/typebox';
import type { Consignee } from '../../../isomorphic/contracts/account';
import { assertSame, type Same } from '../../http/schemas';

export const ConsigneeSchema = Type.Object({
  id: Type.Integer(), consignee: Type.String(), phone: Type.String(), provinceCode: Type.String(), cityCode: Type.String(),
  districtCode: Type.String(), region: Type.String(), detail: Type.String(), isDefault: Type.Boolean(),
});
assertSame<Same<Static<typeof ConsigneeSchema>, Consignee>>();

const Fields = {
  consignee: Type.String({ minLength: 1, maxLength: 30 }),
  phone: Type.String({ maxLength: 20 }),
  provinceCode: Type.String({ minLength: 1, maxLength: 12 }),
  cityCode: Type.String({ minLength: 1, maxLength: 12 }),
  districtCode: Type.Optional(Type.String({ maxLength: 12 })),
  detail: Type.String({ minLength: 1, maxLength: 120 }),
  isDefault: Type.Optional(Type.Boolean()),
};
const Id = Type.Integer({ minimum: 1 });

export const ConsigneeListSchema = Type.Array(ConsigneeSchema);
export const AddConsigneeBody = Type.Object(Fields);
export const EditConsigneeBody = Type.Object({ id: Id, ...Fields });
export const ConsigneeIdBody = Type.Object({ id: Id });
export const ConsigneeIdParams = Type.Object({ id: Id });
export const Nothing = Type.Null();
