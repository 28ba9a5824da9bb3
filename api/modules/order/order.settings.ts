// Settings of the order module. Defaults that run out of the box; the route plugin accepts overrides
// (tests, and config/ once these become environment variables).
export interface OrderSettings {
  /** an order still unpaid (awaiting confirmation or payment) this long after its last change is cancelled by the system (9900) */
  unpaidMaxAgeMs: number;
  /** a received bulk order (2040) without an open after-sale becomes a trade success this long after receipt */
  receivedCompleteAfterMs: number;
  /** how often the sweep that applies the two rules above runs */
  sweepIntervalMs: number;
}

export const defaultOrderSettings: OrderSettings = {
  unpaidMaxAgeMs: 72 * 3600_000,
  receivedCompleteAfterMs: 7 * 24 * 3600_000,
  sweepIntervalMs: 60_000,
};
