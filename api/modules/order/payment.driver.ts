// Payment drivers: how a buyer's payment reaches the seller. The default records an offline bank
// transfer that the buyer declares and the seller confirms by hand. An online provider plugs in here:
// `declare` creates the charge (and may answer confirmed at once); its asynchronous notification calls
// settleProviderPayment (order.payment.ts) as the system.
import type { PaymentPurpose } from '../../../isomorphic/domain/order';

export interface PaymentRequest {
  orderId: number;
  orderNo: string;
  purpose: PaymentPurpose;
  amount: number;        // cents
  payerName: string;
  reference: string;     // what the buyer typed: the transfer's serial number
  note: string;
}

export interface PaymentDeclaration {
  /** true when the provider has already confirmed the money arrived */
  confirmed: boolean;
  /** the provider's reference for the payment (offline: the buyer's transfer serial) */
  reference: string;
  /** where to send the buyer to pay, for redirecting providers */
  payUrl?: string;
}

export interface PaymentDriver {
  readonly name: string;
  /** whether the seller confirms receipt by hand (offline) rather than the provider (online) */
  readonly sellerConfirms: boolean;
  declare(request: PaymentRequest): Promise<PaymentDeclaration>;
}

export const offlineTransferDriver: PaymentDriver = {
  name: 'offline',
  sellerConfirms: true,
  async declare(request) {
    return { confirmed: false, reference: request.reference };
  },
};
