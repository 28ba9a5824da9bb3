// Who a shop-manager call acts for. The guard (api/modules/account/guard.ts) admits a route declared
// `auth: 'seller'` only for a settled manufacturer or trader of an active company; the company it answers
// here is the only one the call may touch, whatever ids the request carries.
import type { FastifyRequest } from 'fastify';
import { Codes } from '../../../isomorphic/domain/codes';
import { ApiError } from '../../http/errors';
import { signedInUser } from '../account/guard';

export interface ShopOwner { userId: number; companyId: number }

export function shopOwner(request: FastifyRequest): ShopOwner {
  const user = signedInUser(request);
  // unreachable behind the guard's 'seller'; kept so a route declared with less fails closed
  if (user.company_id === null) throw new ApiError(Codes.NOT_A_SELLER, 403);
  return { userId: user.id, companyId: user.company_id };
}
