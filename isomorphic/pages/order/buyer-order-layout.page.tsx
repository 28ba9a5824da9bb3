// /home/person/orderLayout: the buyer's layout orders (see order-list.tsx).
import { BuyType } from '../../domain/catalogue';
import { orderListRoute } from './order-list';

export const { loader, Component } = orderListRoute('buyer', BuyType.PLATE_CUT);
