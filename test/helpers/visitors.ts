// Client addresses for injected calls. Suites that test marketplace rules send each call from its own
// address, as many visitors would, so the per-IP rate limits (rate-limit.test.ts tests them from fixed
// addresses) never decide their outcome.
let calls = 0;

/** A new private address on every call. */
export function nextVisitorAddress(): string {
  calls += 1;
  return `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`;
}
