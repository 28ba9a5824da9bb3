// Orders of SPEC §4: status codes with labels, the lifecycle of each kind as one data table, trace times,
// status groups for the tabs and the after-sale decisions. The api enforces this table, the pages show
// the actions it allows, and the tests walk it row by row: nothing here is written twice.
import { BuyType, Delivery, type Labelled } from './catalogue';

export type BuyTypeCode = (typeof BuyType)[keyof typeof BuyType];
export const buyTypes: readonly BuyTypeCode[] = [BuyType.SAMPLE_CUT, BuyType.BULK, BuyType.PLATE_CUT];
export const deliveryCodes: readonly number[] = Object.values(Delivery);

export const OrderStatus = {
  SAMPLE_AWAITING_SHIPMENT: 1010,
  SAMPLE_AWAITING_RECEIPT: 1020,
  SAMPLE_SUCCESS: 1030,
  BULK_AWAITING_CONFIRMATION: 2000,
  BULK_AWAITING_PAYMENT: 2010,
  BULK_AWAITING_SHIPMENT: 2020,
  BULK_AWAITING_RECEIPT: 2030,
  BULK_RECEIVED: 2040,
  BULK_SUCCESS: 2060,
  PLATE_AWAITING_PAYMENT: 3000,
  PLATE_AWAITING_SHIPMENT: 3010,
  PLATE_AWAITING_RECEIPT: 3020,
  PLATE_SUCCESS: 3030,
  SYSTEM_CANCELLED: 9900,
  BUYER_CANCELLED: 9910,
  SELLER_CANCELLED: 9920,
} as const;

/** Sub-states of a bulk order awaiting payment (status 2010). */
export const PaymentStage = {
  AWAITING_FULL_PAYMENT: 201010,
  AWAITING_DEPOSIT: 201020,
  AWAITING_BALANCE_CONFIRMATION: 201030,
  AWAITING_BALANCE_PAYMENT: 201040,
} as const;

/** Flag of a bulk order awaiting shipment (2020), computed against its ship-by date. */
export const ShippingFlag = { NOT_OVERDUE: 202010, OVERDUE: 202020 } as const;

export const orderStatusLabels: Record<number, Labelled> = {
  1010: { zh: '待发货', en: 'Awaiting shipment' },
  1020: { zh: '待收货', en: 'Awaiting receipt' },
  1030: { zh: '交易成功', en: 'Trade succeeded' },
  2000: { zh: '待确认', en: 'Awaiting confirmation' },
  2010: { zh: '待付款', en: 'Awaiting payment' },
  2020: { zh: '待发货', en: 'Awaiting shipment' },
  2030: { zh: '待收货', en: 'Awaiting receipt' },
  2040: { zh: '已收货', en: 'Received' },
  2060: { zh: '交易成功', en: 'Trade succeeded' },
  3000: { zh: '待付款', en: 'Awaiting payment' },
  3010: { zh: '待发货', en: 'Awaiting shipment' },
  3020: { zh: '待收货', en: 'Awaiting receipt' },
  3030: { zh: '交易成功', en: 'Trade succeeded' },
  201010: { zh: '待付全款', en: 'Awaiting full payment' },
  201020: { zh: '待付定金', en: 'Awaiting deposit' },
  201030: { zh: '待确认尾款', en: 'Awaiting balance confirmation' },
  201040: { zh: '待付尾款', en: 'Awaiting balance payment' },
  202010: { zh: '未超期', en: 'Not overdue' },
  202020: { zh: '发货超期', en: 'Shipping overdue' },
  9900: { zh: '系统取消', en: 'Cancelled by the system' },
  9910: { zh: '买家取消', en: 'Cancelled by the buyer' },
  9920: { zh: '卖家取消', en: 'Cancelled by the seller' },
};

/**
 * The state the lifecycle works on: the status, except for a bulk order awaiting payment (2010), whose
 * state is its payment stage (201010…201040). The order row keeps both: status and sub_status.
 */
export type OrderState = number;

export function stateOf(order: { status: number; subStatus: number | null }): OrderState {
  return order.status === OrderStatus.BULK_AWAITING_PAYMENT && order.subStatus ? order.subStatus : order.status;
}

export function splitState(state: OrderState): { status: number; subStatus: number | null } {
  return state >= 201000 && state < 202000 ? { status: OrderStatus.BULK_AWAITING_PAYMENT, subStatus: state } : { status: state, subStatus: null };
}

export type Actor = 'buyer' | 'seller' | 'system' | 'platform';

export type OrderAction =
  | 'confirm'          // seller sets the prices and chooses deposit or full payment
  | 'declarePayment'   // buyer declares a payment (offline: a bank transfer); the state waits for its confirmation
  | 'confirmPayment'   // seller (offline) or the payment provider (system) confirms the declared payment
  | 'confirmBalance'   // seller confirms the balance after the deposit
  | 'ship'             // seller ships (for samples: sends the sample)
  | 'receive'          // buyer confirms receipt
  | 'complete'         // trade success after receipt of bulk goods (buyer, or the system after the after-sale window)
  | 'cancel';

/** Trace times of SPEC §4, as recorded on the order. */
export type TraceField =
  | 'createdAt' | 'sellerConfirmedAt' | 'depositPaidAt' | 'paidAt' | 'sampleSentAt' | 'shippedAt' | 'receivedAt' | 'tradeSuccessAt' | 'cancelledAt';

export const traceFields: readonly TraceField[] = [
  'createdAt', 'sellerConfirmedAt', 'depositPaidAt', 'paidAt', 'sampleSentAt', 'shippedAt', 'receivedAt', 'tradeSuccessAt', 'cancelledAt',
];

export const traceLabels: Record<TraceField, Labelled> = {
  createdAt: { zh: '创建时间', en: 'Creation time' },
  sellerConfirmedAt: { zh: '卖家确认时间', en: 'Seller confirmation time' },
  depositPaidAt: { zh: '买家付定金时间', en: 'Buyer deposit time' },
  paidAt: { zh: '买家付款时间', en: 'Buyer payment time' },
  sampleSentAt: { zh: '样品寄出时间', en: 'Sample sent time' },
  shippedAt: { zh: '卖家发货时间', en: 'Seller shipping time' },
  receivedAt: { zh: '买家收货时间', en: 'Buyer receipt time' },
  tradeSuccessAt: { zh: '交易成功时间', en: 'Trade success time' },
  cancelledAt: { zh: '取消时间', en: 'Cancellation time' },
};

export const actionLabels: Record<OrderAction | 'place' | 'rejectPayment' | 'applyAfterSale' | 'decideAfterSale', Labelled> = {
  place: { zh: '提交订单', en: 'Order placed' },
  confirm: { zh: '卖家确认订单', en: 'Seller confirmed the order' },
  declarePayment: { zh: '买家提交付款', en: 'Buyer declared a payment' },
  confirmPayment: { zh: '确认收款', en: 'Payment confirmed' },
  rejectPayment: { zh: '卖家未收到款项', en: 'Seller did not receive the payment' },
  confirmBalance: { zh: '卖家确认尾款', en: 'Seller confirmed the balance' },
  ship: { zh: '卖家发货', en: 'Seller shipped' },
  receive: { zh: '买家确认收货', en: 'Buyer confirmed receipt' },
  complete: { zh: '交易成功', en: 'Trade succeeded' },
  cancel: { zh: '取消订单', en: 'Order cancelled' },
  applyAfterSale: { zh: '买家申请售后', en: 'Buyer applied for after-sale' },
  decideAfterSale: { zh: '平台处理售后', en: 'Platform handled the after-sale' },
};

export const actorLabels: Record<Actor, Labelled> = {
  buyer: { zh: '买家', en: 'Buyer' },
  seller: { zh: '卖家', en: 'Seller' },
  system: { zh: '系统', en: 'System' },
  platform: { zh: '平台', en: 'Platform' },
};

export interface Transition {
  kind: BuyTypeCode;
  from: OrderState;
  actor: Actor;
  action: OrderAction;
  to: OrderState;
  /** trace times set when this transition happens */
  stamps: readonly TraceField[];
}

const S = OrderStatus;
const P = PaymentStage;
const cancelledBy: Record<Exclude<Actor, 'platform'>, OrderState> = { buyer: S.BUYER_CANCELLED, seller: S.SELLER_CANCELLED, system: S.SYSTEM_CANCELLED };

const row = (kind: BuyTypeCode, from: OrderState, actor: Actor, action: OrderAction, to: OrderState, ...stamps: TraceField[]): Transition =>
  ({ kind, from, actor, action, to, stamps });
const cancels = (kind: BuyTypeCode, from: OrderState, actors: Array<Exclude<Actor, 'platform'>>): Transition[] =>
  actors.map((actor) => row(kind, from, actor, 'cancel', cancelledBy[actor], 'cancelledAt'));
/** A payment is confirmed by the seller (offline transfer) or by the provider's callback (system). */
const paymentConfirmed = (kind: BuyTypeCode, from: OrderState, to: OrderState, ...stamps: TraceField[]): Transition[] =>
  (['seller', 'system'] as const).map((actor) => row(kind, from, actor, 'confirmPayment', to, ...stamps));

/** Every allowed move of every kind of order. Anything not in this table is refused. */
export const orderLifecycle: readonly Transition[] = [
  // Cut samples: free, straight to shipment. Nothing is paid, so either party may cancel before it is sent.
  row(BuyType.SAMPLE_CUT, S.SAMPLE_AWAITING_SHIPMENT, 'seller', 'ship', S.SAMPLE_AWAITING_RECEIPT, 'sampleSentAt'),
  row(BuyType.SAMPLE_CUT, S.SAMPLE_AWAITING_RECEIPT, 'buyer', 'receive', S.SAMPLE_SUCCESS, 'receivedAt', 'tradeSuccessAt'),
  ...cancels(BuyType.SAMPLE_CUT, S.SAMPLE_AWAITING_SHIPMENT, ['buyer', 'seller']),

  // Cut plate: catalogue price, paid in full before shipment.
  row(BuyType.PLATE_CUT, S.PLATE_AWAITING_PAYMENT, 'buyer', 'declarePayment', S.PLATE_AWAITING_PAYMENT),
  ...paymentConfirmed(BuyType.PLATE_CUT, S.PLATE_AWAITING_PAYMENT, S.PLATE_AWAITING_SHIPMENT, 'paidAt'),
  row(BuyType.PLATE_CUT, S.PLATE_AWAITING_SHIPMENT, 'seller', 'ship', S.PLATE_AWAITING_RECEIPT, 'shippedAt'),
  row(BuyType.PLATE_CUT, S.PLATE_AWAITING_RECEIPT, 'buyer', 'receive', S.PLATE_SUCCESS, 'receivedAt', 'tradeSuccessAt'),
  ...cancels(BuyType.PLATE_CUT, S.PLATE_AWAITING_PAYMENT, ['buyer', 'seller', 'system']),

  // Bulk: the seller confirms (price, deposit or full payment), then payment, shipment, receipt, success.
  row(BuyType.BULK, S.BULK_AWAITING_CONFIRMATION, 'seller', 'confirm', P.AWAITING_FULL_PAYMENT, 'sellerConfirmedAt'),
  row(BuyType.BULK, S.BULK_AWAITING_CONFIRMATION, 'seller', 'confirm', P.AWAITING_DEPOSIT, 'sellerConfirmedAt'),
  ...cancels(BuyType.BULK, S.BULK_AWAITING_CONFIRMATION, ['buyer', 'seller', 'system']),
  row(BuyType.BULK, P.AWAITING_FULL_PAYMENT, 'buyer', 'declarePayment', P.AWAITING_FULL_PAYMENT),
  ...paymentConfirmed(BuyType.BULK, P.AWAITING_FULL_PAYMENT, S.BULK_AWAITING_SHIPMENT, 'paidAt'),
  ...cancels(BuyType.BULK, P.AWAITING_FULL_PAYMENT, ['buyer', 'seller', 'system']),
  row(BuyType.BULK, P.AWAITING_DEPOSIT, 'buyer', 'declarePayment', P.AWAITING_DEPOSIT),
  ...paymentConfirmed(BuyType.BULK, P.AWAITING_DEPOSIT, P.AWAITING_BALANCE_CONFIRMATION, 'depositPaidAt'),
  ...cancels(BuyType.BULK, P.AWAITING_DEPOSIT, ['buyer', 'seller', 'system']),
  row(BuyType.BULK, P.AWAITING_BALANCE_CONFIRMATION, 'seller', 'confirmBalance', P.AWAITING_BALANCE_PAYMENT),
  row(BuyType.BULK, P.AWAITING_BALANCE_PAYMENT, 'buyer', 'declarePayment', P.AWAITING_BALANCE_PAYMENT),
  ...paymentConfirmed(BuyType.BULK, P.AWAITING_BALANCE_PAYMENT, S.BULK_AWAITING_SHIPMENT, 'paidAt'),
  row(BuyType.BULK, S.BULK_AWAITING_SHIPMENT, 'seller', 'ship', S.BULK_AWAITING_RECEIPT, 'shippedAt'),
  row(BuyType.BULK, S.BULK_AWAITING_RECEIPT, 'buyer', 'receive', S.BULK_RECEIVED, 'receivedAt'),
  row(BuyType.BULK, S.BULK_RECEIVED, 'buyer', 'complete', S.BULK_SUCCESS, 'tradeSuccessAt'),
  row(BuyType.BULK, S.BULK_RECEIVED, 'system', 'complete', S.BULK_SUCCESS, 'tradeSuccessAt'),
];

/** The state an order of this kind starts in. */
export const initialState: Record<BuyTypeCode, OrderState> = {
  [BuyType.SAMPLE_CUT]: S.SAMPLE_AWAITING_SHIPMENT,
  [BuyType.BULK]: S.BULK_AWAITING_CONFIRMATION,
  [BuyType.PLATE_CUT]: S.PLATE_AWAITING_PAYMENT,
};

/** The moves of this action from this state (bulk confirmation has two: deposit or full payment). */
export function transitionsFor(kind: number, from: OrderState, actor: Actor, action: OrderAction): Transition[] {
  return orderLifecycle.filter((t) => t.kind === kind && t.from === from && t.actor === actor && t.action === action);
}

/** The actions this party may take on an order in this state (for the pages' buttons). */
export function allowedActions(kind: number, from: OrderState, actor: Actor): OrderAction[] {
  return [...new Set(orderLifecycle.filter((t) => t.kind === kind && t.from === from && t.actor === actor).map((t) => t.action))];
}

export const finalStates: readonly OrderState[] = [S.SAMPLE_SUCCESS, S.BULK_SUCCESS, S.PLATE_SUCCESS, S.SYSTEM_CANCELLED, S.BUYER_CANCELLED, S.SELLER_CANCELLED];

/** Every state of a kind that appears in the lifecycle. */
export function statesOf(kind: number): OrderState[] {
  return [...new Set(orderLifecycle.filter((t) => t.kind === kind).flatMap((t) => [t.from, t.to]))];
}

/** States where a declared payment is due, and which amount it is. */
export type PaymentPurpose = 'full' | 'deposit' | 'balance';
export const paymentPurposeOf: Record<number, PaymentPurpose> = {
  [S.PLATE_AWAITING_PAYMENT]: 'full',
  [P.AWAITING_FULL_PAYMENT]: 'full',
  [P.AWAITING_DEPOSIT]: 'deposit',
  [P.AWAITING_BALANCE_PAYMENT]: 'balance',
};

export const paymentPurposeLabels: Record<PaymentPurpose, Labelled> = {
  full: { zh: '全款', en: 'Full payment' },
  deposit: { zh: '定金', en: 'Deposit' },
  balance: { zh: '尾款', en: 'Balance' },
};

export const PaymentRecordStatus = { PENDING: 'pending', CONFIRMED: 'confirmed', REJECTED: 'rejected', VOID: 'void' } as const;
export type PaymentRecordStatusName = (typeof PaymentRecordStatus)[keyof typeof PaymentRecordStatus];
export const paymentRecordStatusLabels: Record<PaymentRecordStatusName, Labelled> = {
  pending: { zh: '待卖家确认', en: 'Awaiting the seller' },
  confirmed: { zh: '已确认', en: 'Confirmed' },
  rejected: { zh: '未收到', en: 'Not received' },
  void: { zh: '已作废', en: 'Void' },
};

/** Amount (cents) the buyer has to pay now, or null when nothing is due in this state. */
export function amountDue(state: OrderState, o: { goodsAmount: number | null; depositAmount: number; balanceAmount: number; paidAmount: number }): number | null {
  const purpose = paymentPurposeOf[state];
  if (!purpose || o.goodsAmount === null) return null;
  if (purpose === 'deposit') return o.depositAmount;
  if (purpose === 'balance') return o.balanceAmount;
  return o.goodsAmount - o.paidAmount;
}

/** 202020 when a bulk order awaiting shipment is past its ship-by date, 202010 before it; null otherwise. */
export function shippingFlag(o: { status: number; shipBy: string | null }, now: Date = new Date()): number | null {
  if (o.status !== S.BULK_AWAITING_SHIPMENT || !o.shipBy) return null;
  return new Date(o.shipBy).getTime() < now.getTime() ? ShippingFlag.OVERDUE : ShippingFlag.NOT_OVERDUE;
}

/** Label of a state (payment stages of bulk orders have their own). */
export const stateLabel = (state: OrderState): Labelled => orderStatusLabels[state] ?? { zh: String(state), en: String(state) };

/** Status groups: the tabs of the order pages and the counts of /order/statOrderNums. */
export type StatusGroup = 'all' | 'awaitingConfirmation' | 'awaitingPayment' | 'awaitingShipment' | 'awaitingReceipt' | 'received' | 'succeeded' | 'cancelled' | 'afterSale';

export const statusGroups: Record<Exclude<StatusGroup, 'all' | 'afterSale'>, readonly number[]> = {
  awaitingConfirmation: [S.BULK_AWAITING_CONFIRMATION],
  awaitingPayment: [S.PLATE_AWAITING_PAYMENT, S.BULK_AWAITING_PAYMENT],
  awaitingShipment: [S.SAMPLE_AWAITING_SHIPMENT, S.BULK_AWAITING_SHIPMENT, S.PLATE_AWAITING_SHIPMENT],
  awaitingReceipt: [S.SAMPLE_AWAITING_RECEIPT, S.BULK_AWAITING_RECEIPT, S.PLATE_AWAITING_RECEIPT],
  received: [S.BULK_RECEIVED],
  succeeded: [S.SAMPLE_SUCCESS, S.BULK_SUCCESS, S.PLATE_SUCCESS],
  cancelled: [S.SYSTEM_CANCELLED, S.BUYER_CANCELLED, S.SELLER_CANCELLED],
};

export const statusGroupNames: readonly StatusGroup[] = ['all', 'awaitingConfirmation', 'awaitingPayment', 'awaitingShipment', 'awaitingReceipt', 'received', 'succeeded', 'cancelled', 'afterSale'];

export const statusGroupLabels: Record<StatusGroup, Labelled> = {
  all: { zh: '全部', en: 'All' },
  awaitingConfirmation: { zh: '待确认', en: 'Awaiting confirmation' },
  awaitingPayment: { zh: '待付款', en: 'Awaiting payment' },
  awaitingShipment: { zh: '待发货', en: 'Awaiting shipment' },
  awaitingReceipt: { zh: '待收货', en: 'Awaiting receipt' },
  received: { zh: '已收货', en: 'Received' },
  succeeded: { zh: '交易成功', en: 'Trade succeeded' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  afterSale: { zh: '售后', en: 'After-sale' },
};

/** The tabs that make sense for each kind (samples are never confirmed or paid, plates never confirmed). */
export const statusGroupsByKind: Record<BuyTypeCode, readonly StatusGroup[]> = {
  [BuyType.SAMPLE_CUT]: ['all', 'awaitingShipment', 'awaitingReceipt', 'succeeded', 'cancelled', 'afterSale'],
  [BuyType.BULK]: ['all', 'awaitingConfirmation', 'awaitingPayment', 'awaitingShipment', 'awaitingReceipt', 'received', 'succeeded', 'cancelled', 'afterSale'],
  [BuyType.PLATE_CUT]: ['all', 'awaitingPayment', 'awaitingShipment', 'awaitingReceipt', 'succeeded', 'cancelled', 'afterSale'],
};

// After-sale: the buyer applies, the platform decides (SPEC §4 codes 0 to 3).
export const AfterSaleStatus = { APPLIED: 0, INTERVENED: 1, APPROVED: 2, REJECTED: 3 } as const;
export type AfterSaleStatusCode = (typeof AfterSaleStatus)[keyof typeof AfterSaleStatus];

export const afterSaleStatusLabels: Record<number, Labelled> = {
  0: { zh: '买家已申请，待平台处理', en: 'Applied, awaiting the platform' },
  1: { zh: '平台已介入', en: 'Platform intervened' },
  2: { zh: '平台同意，订单终止', en: 'Approved by the platform, order terminated' },
  3: { zh: '平台驳回，订单继续', en: 'Rejected by the platform, order continues' },
};

/** While an after-sale is open (0, 1) the order is frozen; once approved (2) it is terminated. */
export const afterSaleBlocksOrder = (status: number | null): boolean => status !== null && status !== AfterSaleStatus.REJECTED;

export const afterSaleDecisions: ReadonlyArray<{ from: AfterSaleStatusCode; to: AfterSaleStatusCode }> = [
  { from: AfterSaleStatus.APPLIED, to: AfterSaleStatus.INTERVENED },
  { from: AfterSaleStatus.APPLIED, to: AfterSaleStatus.APPROVED },
  { from: AfterSaleStatus.APPLIED, to: AfterSaleStatus.REJECTED },
  { from: AfterSaleStatus.INTERVENED, to: AfterSaleStatus.APPROVED },
  { from: AfterSaleStatus.INTERVENED, to: AfterSaleStatus.REJECTED },
];

/** States in which the buyer may apply for after-sale: something was paid or sent, and the trade is not closed. */
export const afterSaleStates: readonly OrderState[] = [
  S.SAMPLE_AWAITING_RECEIPT,
  S.PLATE_AWAITING_SHIPMENT, S.PLATE_AWAITING_RECEIPT,
  P.AWAITING_BALANCE_CONFIRMATION, P.AWAITING_BALANCE_PAYMENT, S.BULK_AWAITING_SHIPMENT, S.BULK_AWAITING_RECEIPT, S.BULK_RECEIVED,
];

export const OrderLimits = {
  maxCartLinesPerType: 200,
  maxBuyNum: 1_000_000,
  maxSampleNum: 10,
  maxLinesPerOrder: 100,
  maxCompaniesPerPlacement: 20,
  remarkMax: 200,
  maxStockPeriodDays: 365,
  /** a bulk order without a stock period must ship within this many days of full payment */
  defaultShipDays: 3,
  /**
   * The largest order total, in cents (¥10,000,000): amounts are PostgreSQL `integer` (at most 2^31 − 1
   * cents), and every sum an order keeps (lines, goods, deposit + balance, paid) stays at or below this.
   * A larger trade is split into several orders (code 300040).
   */
  maxOrderAmount: 1_000_000_000,
} as const;

/**
 * What each order kind asks of the buyer (the product page explains it, the stepper keeps to it): the
 * smallest and largest quantity per colour and what is counted (a sample cut, or the product's unit).
 * The bulk minimum is the api's (1) until sellers set their own with the catalogue's price ladders.
 */
export const orderKindRules: Record<number, { min: number; max: number; counts: 'cut' | 'unit' }> = {
  [BuyType.SAMPLE_CUT]: { min: 1, max: OrderLimits.maxSampleNum, counts: 'cut' },
  [BuyType.BULK]: { min: 1, max: OrderLimits.maxBuyNum, counts: 'unit' },
  [BuyType.PLATE_CUT]: { min: 1, max: OrderLimits.maxBuyNum, counts: 'unit' },
};
