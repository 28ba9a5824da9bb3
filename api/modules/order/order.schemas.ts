// Schemas of the order calls, checked against isomorphic/contracts/order.ts at compile time.
import { Type, type Static } from '@sinclair/typebox';
import { deliveryCodes, OrderLimits, statusGroupNames, traceFields } from '../../../isomorphic/domain/order';
import type {
  AfterSale, OrderDetail, OrderEvent, OrderLine, OrderPayment, OrderStatCounts, OrderSummary, PlaceOrderInput,
} from '../../../isomorphic/contracts/order';
import { ErrorEnvelope, responses } from '../../http/envelope';
import { assertSame, Id, Nullable, PageQuery, type Same } from '../../http/schemas';
import { BuyNum, BuyTypeSchema, DisplayUnit, lineSnapshotFields } from '../cart/cart.schemas';

/** The standard responses plus 409, which order calls answer when the order changed under them. */
export const orderResponses = <T extends Parameters<typeof responses>[0]>(data: T) => ({ ...responses(data), 409: ErrorEnvelope });

const Literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const ActionSchema = Literals(['confirm', 'declarePayment', 'confirmPayment', 'confirmBalance', 'ship', 'receive', 'complete', 'cancel'] as const);
const ActorSchema = Literals(['buyer', 'seller', 'system', 'platform'] as const);
const Cents = Type.Integer({ minimum: 0, description: 'cents' });
const Iso = Type.String({ format: 'date-time' });

export const StatusGroupSchema = Literals(statusGroupNames);
export const DeliverySchema = Type.Union(deliveryCodes.map((v) => Type.Literal(v)), { description: 'Delivery: 1 freight collect, 2 self pickup, 3 seller pays, 4 freight online, 5 home delivery' });
export const ExpectedState = Type.Optional(Type.Integer({ description: 'the state the page showed; if the order has moved since, the call answers 300002 and changes nothing' }));

export const OrderLineSchema = Type.Object({ ...lineSnapshotFields, unitPrice: Nullable(Cents), num: Type.Integer(), amount: Nullable(Cents) });

const summaryFields = {
  id: Type.Integer(),
  orderNo: Type.String(),
  buyType: Type.Integer(),
  status: Type.Integer({ description: 'OrderStatus' }),
  subStatus: Nullable(Type.Integer({ description: 'PaymentStage while status is 2010' })),
  state: Type.Integer({ description: 'subStatus ?? status: the lifecycle state' }),
  stateLabel: Type.String(),
  shippingFlag: Nullable(Type.Integer({ description: '202010 not overdue, 202020 overdue (bulk awaiting shipment)' })),
  afterSaleStatus: Nullable(Type.Integer()),
  companyId: Type.Integer(),
  companyName: Type.String(),
  companyNameEn: Type.String(),
  buyerId: Type.Integer(),
  buyerName: Type.String(),
  goodsAmount: Nullable(Cents),
  depositAmount: Cents,
  balanceAmount: Cents,
  paidAmount: Cents,
  amountDue: Nullable(Type.Integer()),
  delivery: Type.Integer(),
  lines: Type.Array(OrderLineSchema),
  createdAt: Iso,
  actions: Type.Array(ActionSchema),
  canApplyAfterSale: Type.Boolean(),
};

export const OrderSummarySchema = Type.Object(summaryFields);

export const OrderEventSchema = Type.Object({
  id: Type.Integer(), actor: ActorSchema, action: Type.String(), actionLabel: Type.String(),
  fromState: Nullable(Type.Integer()), toState: Nullable(Type.Integer()), note: Type.String(), createdAt: Iso,
});

export const OrderPaymentSchema = Type.Object({
  id: Type.Integer(), purpose: Literals(['full', 'deposit', 'balance'] as const), amount: Cents, driver: Type.String(),
  status: Literals(['pending', 'confirmed', 'rejected', 'void'] as const), payerName: Type.String(), reference: Type.String(),
  note: Type.String(), decisionNote: Type.String(), createdAt: Iso, decidedAt: Nullable(Iso),
});

export const AfterSaleSchema = Type.Object({
  id: Type.Integer(), orderId: Type.Integer(), reason: Type.String(), status: Type.Integer(), statusLabel: Type.String(),
  orderState: Type.Integer(), platformNote: Type.String(), createdAt: Iso, decidedAt: Nullable(Iso),
});

export const OrderDetailSchema = Type.Object({
  ...summaryFields,
  viewerRole: Literals(['buyer', 'seller'] as const),
  remark: Type.String(),
  stockPeriod: Type.Integer(),
  consignee: Type.Object({ name: Type.String(), phone: Type.String(), region: Type.String(), detail: Type.String() }),
  carrier: Type.String(),
  trackingNo: Type.String(),
  shipBy: Nullable(Iso),
  cancelReason: Type.String(),
  trace: Type.Array(Type.Object({ field: Literals(traceFields), label: Type.String(), at: Iso })),
  timeline: Type.Array(OrderEventSchema),
  payments: Type.Array(OrderPaymentSchema),
  afterSales: Type.Array(AfterSaleSchema),
});

export const OrderStatSchema = Type.Object(Object.fromEntries(statusGroupNames.map((g) => [g, Type.Integer()])) as Record<(typeof statusGroupNames)[number], ReturnType<typeof Type.Integer>>);

const Remark = Type.String({ maxLength: OrderLimits.remarkMax });
const StockPeriod = Type.Integer({ minimum: 0, maximum: OrderLimits.maxStockPeriodDays, description: 'days' });

export const PlaceOrderBody = Type.Object({
  buyType: BuyTypeSchema,
  consigneeId: Type.Optional(Id),
  delivery: DeliverySchema,
  idempotencyKey: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'one per submission, e.g. a UUID made when /confirmOrder opens' }),
  orders: Type.Array(Type.Object({
    companyId: Id,
    productParams: Type.Array(Type.Object({ num: BuyNum, colorId: Id, productId: Id, displayUnit: Type.Optional(DisplayUnit) }), { minItems: 1, maxItems: OrderLimits.maxLinesPerOrder }),
    remark: Type.Optional(Remark),
    stockPeriod: Type.Optional(StockPeriod),
  }), { minItems: 1, maxItems: OrderLimits.maxCompaniesPerPlacement }),
});

export const OrderListBody = Type.Object({
  ...PageQuery,
  buyType: Type.Optional(BuyTypeSchema),
  statusGroup: Type.Optional(StatusGroupSchema),
});

export const IdAction = Type.Object({ id: Id, expectedState: ExpectedState });
export const CancelBody = Type.Object({ id: Id, expectedState: ExpectedState, reason: Type.Optional(Type.String({ maxLength: OrderLimits.remarkMax })) });
export const DeclarePaymentBody = Type.Object({
  id: Id, expectedState: ExpectedState,
  payerName: Type.String({ minLength: 1, maxLength: 60, description: 'name on the paying account' }),
  reference: Type.String({ minLength: 1, maxLength: 100, description: 'transfer serial number' }),
  note: Type.Optional(Type.String({ maxLength: OrderLimits.remarkMax })),
});
export const ApplyAfterSaleBody = Type.Object({ id: Id, expectedState: ExpectedState, reason: Type.String({ minLength: 1, maxLength: 500 }) });

export const ConfirmOrderBody = Type.Object({
  id: Id, expectedState: ExpectedState,
  paymentMode: Literals(['full', 'deposit'] as const),
  depositAmount: Type.Optional(Type.Integer({ minimum: 1, description: 'cents, below the goods total; required for a deposit' })),
  lines: Type.Optional(Type.Array(Type.Object({ lineId: Id, unitPrice: Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'cents' }) }), { maxItems: OrderLimits.maxLinesPerOrder })),
  stockPeriod: Type.Optional(StockPeriod),
});
export const ConfirmBalanceBody = Type.Object({ id: Id, expectedState: ExpectedState, balanceAmount: Type.Optional(Type.Integer({ minimum: 1, description: 'cents' })) });
export const ShipBody = Type.Object({
  id: Id, expectedState: ExpectedState,
  carrier: Type.Optional(Type.String({ maxLength: 50 })),
  trackingNo: Type.Optional(Type.String({ maxLength: 60 })),
});
export const RejectPaymentBody = Type.Object({ id: Id, note: Type.String({ maxLength: OrderLimits.remarkMax, default: '' }) });
export const DecideAfterSaleBody = Type.Object({
  afterSaleId: Id,
  decision: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { description: '1 intervene, 2 approve (terminates the order), 3 reject (order continues)' }),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});

assertSame<Same<Static<typeof OrderLineSchema>, OrderLine>>();
assertSame<Same<Static<typeof OrderSummarySchema>, OrderSummary>>();
assertSame<Same<Static<typeof OrderEventSchema>, OrderEvent>>();
assertSame<Same<Static<typeof OrderPaymentSchema>, OrderPayment>>();
assertSame<Same<Static<typeof AfterSaleSchema>, AfterSale>>();
assertSame<Same<Static<typeof OrderDetailSchema>, OrderDetail>>();
assertSame<Same<Static<typeof OrderStatSchema>, OrderStatCounts>>();
assertSame<Same<Omit<Static<typeof PlaceOrderBody>, 'buyType' | 'delivery'> & { buyType: number; delivery: number }, PlaceOrderInput>>();
