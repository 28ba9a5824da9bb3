// What other modules (and the demo seed) call of the order module. The module splits its rules by
// aggregate (placement, lifecycle, actions, payment, after-sale, views); this file is their one door.
export { placeOrder } from './order.placement';
export { placeQuotedOrder, quotedOrderOf, type QuotedOrderInput } from './order.quote';
export { buyerOf, sellerOf, type Party } from './order.lifecycle';
export { cancelOrder, confirmOrder, receiveGoods, shipOrder } from './order.actions';
export { confirmPayment, declarePayment } from './order.payment';
