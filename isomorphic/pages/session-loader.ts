// Loaders of the frames that need a role: they ask the api who is signed in (so a seller approved a
// minute ago is one now, whatever the display cookie says), refresh the store, and refuse with 403
// when the role is missing. The api refuses every call of these pages on its own as well.
import { data, type LoaderFunctionArgs } from 'react-router';
import type { SessionInfo } from '../contracts/account';
import { unwrap } from '../api-client/results';
import { Codes } from '../domain/codes';
import { messageFor } from '../domain/code-messages';
import { isSellerType } from '../domain/catalogue';
import { loaderDeps } from '../loader-context';
import { toSessionCompany, toSessionUser } from '../stores/auth.store';

export type Requirement = 'seller' | 'operator';

export async function loadSessionFor(requirement: Requirement, { request, context }: LoaderFunctionArgs): Promise<SessionInfo> {
  const { api, stores } = loaderDeps(context);
  const info = unwrap(await api.post<SessionInfo>('/user/getUserInfo', {}, { signal: request.signal }));
  stores.auth.setUser(toSessionUser(info.user));
  stores.auth.setCompany(toSessionCompany(info.company));
  const allowed = requirement === 'operator' ? info.user.operator : info.user.settled && isSellerType(info.user.userType) && info.company !== null;
  if (!allowed) {
    const code = requirement === 'operator' ? Codes.FORBIDDEN : Codes.NOT_A_SELLER;
    throw data({ code, message: messageFor(code, loaderDeps(context).lang()) }, { status: 403 });
  }
  return info;
}
