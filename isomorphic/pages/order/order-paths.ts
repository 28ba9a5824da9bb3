// Where the order pages live (SPEC §2): /home/person/order* for buyers, /home/shopManage/order* for sellers.
import { data } from 'react-router';
import { unwrap } from '../../api-client/results';
import { BuyType } from '../../domain/catalogue';
import { Codes, type Envelope } from '../../domain/codes';

export type OrderSide = 'buyer' | 'seller';

export const orderSlugs: Record<number, string> = {
  [BuyType.BULK]: 'orderBulk',
  [BuyType.PLATE_CUT]: 'orderLayout',
  [BuyType.SAMPLE_CUT]: 'orderSample',
};

/** Kinds in the order of SPEC §2's side menu: bulk, cut plate, cut sample. */
export const menuKinds = [BuyType.BULK, BuyType.PLATE_CUT, BuyType.SAMPLE_CUT] as const;

export function orderListPath(side: OrderSide, buyType: number, query?: { group?: string; page?: number }): string {
  const base = `/home/${side === 'buyer' ? 'person' : 'shopManage'}/${orderSlugs[buyType] ?? 'orderSample'}`;
  const params = new URLSearchParams();
  if (query?.group && query.group !== 'all') params.set('group', query.group);
  if (query?.page && query.page > 1) params.set('page', String(query.page));
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

/** One detail page for both sides; the seller's view asks the shop's call (?as=seller). */
export function orderDetailPath(side: OrderSide, id: number): string {
  return side === 'buyer' ? `/home/person/orderDetail/${id}` : `/home/person/orderDetail/${id}?as=seller`;
}

/** unwrap() with the order codes given their real HTTP status: no shop is 403, another's order 404. */
export function unwrapOrder<T>(envelope: Envelope<T>): T {
  const status = orderCodeStatus[envelope.code];
  if (status) throw data({ code: envelope.code, message: envelope.message }, { status });
  return unwrap(envelope);
}

const orderCodeStatus: Record<number, number> = { [Codes.NOT_A_SELLER]: 403, [Codes.ORDER_NOT_FOUND]: 404 };
