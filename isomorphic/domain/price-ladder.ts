// A quantity price ladder: "from 100 m, ¥12.00 a metre; from 1,000 m, ¥10.50". Sellers give one for bulk
// orders of a product (issue 17) and suppliers give one in a response to a purchase request (issue 19);
// the api prices with it, the pages show it. Prices are integer cents per unit of the product (or of the
// response); quantities are whole units.

/** One step: from this quantity on (inclusive), this price per unit. */
export interface PriceStep {
  from: number;
  price: number;
}

/** Steps in ascending `from`, each cheaper than or as dear as the one before. The first step's `from` is the minimum order. */
export type PriceLadder = readonly PriceStep[];

export const PriceLadderLimits = {
  maxSteps: 6,
  maxQuantity: 10_000_000,
  /** ¥1,000,000 a unit, in cents */
  maxPrice: 100_000_000,
} as const;

export type LadderProblem = 'empty' | 'tooManySteps' | 'notWhole' | 'outOfRange' | 'notAscending' | 'dearerLater';

/** Why a ladder cannot be saved, or null when it can. */
export function ladderProblem(ladder: readonly PriceStep[]): LadderProblem | null {
  if (ladder.length === 0) return 'empty';
  if (ladder.length > PriceLadderLimits.maxSteps) return 'tooManySteps';
  for (const [i, step] of ladder.entries()) {
    if (!Number.isInteger(step.from) || !Number.isInteger(step.price)) return 'notWhole';
    if (step.from < 1 || step.from > PriceLadderLimits.maxQuantity || step.price < 1 || step.price > PriceLadderLimits.maxPrice) return 'outOfRange';
    const before = ladder[i - 1];
    if (before && step.from <= before.from) return 'notAscending';
    if (before && step.price > before.price) return 'dearerLater';
  }
  return null;
}

/** The smallest quantity the ladder sells (its first step), or null for an empty ladder. */
export function ladderMinimum(ladder: PriceLadder): number | null {
  return ladder[0]?.from ?? null;
}

/** The step that prices this quantity: the last one whose `from` it reaches; null below the minimum. */
export function ladderStep(ladder: PriceLadder, quantity: number): PriceStep | null {
  let found: PriceStep | null = null;
  for (const step of ladder) {
    if (quantity >= step.from) found = step;
    else break;
  }
  return found;
}

/** Price per unit for this quantity, in cents; null below the minimum order. */
export function ladderUnitPrice(ladder: PriceLadder, quantity: number): number | null {
  return ladderStep(ladder, quantity)?.price ?? null;
}
