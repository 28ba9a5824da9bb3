// /home/person/orderBulk: the buyer's bulk orders (see order-list.tsx).
import { BuyType } from '../../domain/catalogue';
import { orderListRoute } from './order-list';

export const { loader, Component } = orderListRoute('buyer', BuyType.BULK);
