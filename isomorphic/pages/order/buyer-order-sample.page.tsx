// /home/person/orderSample: the buyer's sample orders (see order-list.tsx).
import { BuyType } from '../../domain/catalogue';
import { orderListRoute } from './order-list';

export const { loader, Component } = orderListRoute('buyer', BuyType.SAMPLE_CUT);
