// /home/shopManage/orderLayout: the layout orders of the seller's company (see order-list.tsx).
import { BuyType } from '../../domain/catalogue';
import { orderListRoute } from './order-list';

export const { loader, Component } = orderListRoute('seller', BuyType.PLATE_CUT);
