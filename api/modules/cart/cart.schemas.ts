// Schemas of the cart calls, checked against isomorphic/contracts/order.ts at compile time.
import { Type, type Static } from '@sinclair/typebox';
import { buyTypes, OrderLimits } from '../../../isomorphic/domain/order';
import type { CartCount, CartGroup, CartLine } from '../../../isomorphic/contracts/order';
import { assertSame, Id, Nullable, type Same } from '../../http/schemas';

export const BuyTypeSchema = Type.Union(buyTypes.map((v) => Type.Literal(v)), { description: 'BuyType: 1 sample cut, 2 bulk, 3 plate cut' });
export const BuyNum = Type.Integer({ minimum: 1, maximum: OrderLimits.maxBuyNum });

/** The product-and-colour fields a cart line and an order line share (LineSnapshot). */
export const lineSnapshotFields = {
  id: Type.Integer(),
  productId: Type.Integer(),
  colorId: Type.Integer(),
  title: Type.String(),
  titleEn: Type.String(),
  code: Type.String(),
  colourName: Type.String(),
  colourNameEn: Type.String(),
  hex: Type.String(),
  imageUrl: Type.String(),
  unit: Type.Integer(),
  displayUnit: Nullable(Type.Integer({ description: "the unit the buyer chose to see the line in (metres, yards, kilograms); null: the product's own" })),
  gramsPerMetre: Nullable(Type.Integer({ description: "the product's weight per metre (an order line: when ordered)" })),
};

export const CartLineSchema = Type.Object({
  ...lineSnapshotFields,
  buyNum: Type.Integer(),
  price: Nullable(Type.Integer({ description: 'cents per unit; null is price by negotiation; 0 for samples' })),
  available: Type.Boolean({ description: 'false when the product is no longer on sale' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const CartGroupSchema = Type.Object({
  companyId: Type.Integer(), companyName: Type.String(), companyNameEn: Type.String(), shoppingCarts: Type.Array(CartLineSchema),
});

export const CartCountSchema = Type.Object({ total: Type.Integer(), sampleCut: Type.Integer(), bulk: Type.Integer(), plateCut: Type.Integer() });

/** A unit a buyer may choose to see a line in (Unit: 400010 yard, 400011 kilo, 400013 metre); the product must offer it. */
export const DisplayUnit = Type.Integer({ minimum: 400000, maximum: 499999, description: 'Unit a buyer sees the line in: 400010 yard, 400011 kilo, 400013 metre (the product must offer it)' });
export const AddToCartBody = Type.Object({ buyType: BuyTypeSchema, productId: Id, colorId: Id, buyNum: BuyNum, displayUnit: Type.Optional(DisplayUnit) });
export const SetBuyNumBody = Type.Object({ id: Id, buyNum: BuyNum });
export const DeleteLinesBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: OrderLimits.maxCartLinesPerType * 3 }) });

assertSame<Same<Static<typeof CartLineSchema>, CartLine>>();
assertSame<Same<Static<typeof CartGroupSchema>, CartGroup>>();
assertSame<Same<Static<typeof CartCountSchema>, CartCount>>();
