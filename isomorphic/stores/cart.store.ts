// The cart count of the header (GET /shoppingCart/countShoppingCart): fetched in the browser once the
// page runs, and again after every add or delete. Never snapshotted: the server does not fetch it.
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../api-client/client';
import type { CartCount } from '../contracts/order';

export class CartStore {
  count: CartCount | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  get total(): number {
    return this.count?.total ?? 0;
  }

  async refresh(api: ApiClient): Promise<void> {
    try {
      const envelope = await api.get<CartCount>('/shoppingCart/countShoppingCart');
      if (envelope.code === 0) runInAction(() => { this.count = envelope.data; });
    } catch {
      // the count is a nicety: the header stands without it
    }
  }

  clear(): void {
    this.count = null;
  }
}
