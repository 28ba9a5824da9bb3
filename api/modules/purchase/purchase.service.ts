// What the routes and other modules call of the purchase module. Its rules are split by aggregate: the
// requests (purchase.requests.ts) and the responses with the selection (purchase.responses.ts).
export * from './purchase.requests';
export { editResponse, respond, responsesFor, selectResponse, withdrawResponse, type SelectInput } from './purchase.responses';
export { matchLater, purchaseMatches, requeueStaleMatches, stopMatching } from './purchase.matching';
