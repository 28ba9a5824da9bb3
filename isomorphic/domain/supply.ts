// Supply offers (供应, SPEC §3, §4): a manufacturer's or trader's stock on offer. Status 0 deleted,
// 1 in supply, 2 closed (SupplyStatus in catalogue.ts); the moves are a small table like the purchase one.
import { PatternType, SupplyStatus, Unit, UserType } from './catalogue';

export { SupplyStatus, supplyStatusLabels } from './catalogue';

export const SupplyLimits = {
  descriptionMin: 1,
  descriptionMax: 50,
  maxQuantity: 10_000_000,
  maxOpenPerUser: 100,
} as const;

export type SupplyAction = 'edit' | 'close' | 'reopen' | 'delete';

/** What the owner may do in each state; deleted offers are gone (they answer "does not exist"). */
export const supplyTransitions: Record<number, Partial<Record<SupplyAction, number>>> = {
  [SupplyStatus.IN_SUPPLY]: { edit: SupplyStatus.IN_SUPPLY, close: SupplyStatus.CLOSED, delete: SupplyStatus.DELETED },
  [SupplyStatus.CLOSED]: { edit: SupplyStatus.CLOSED, reopen: SupplyStatus.IN_SUPPLY, delete: SupplyStatus.DELETED },
  [SupplyStatus.DELETED]: {},
};

export const supplyNext = (state: number, action: SupplyAction): number | null => supplyTransitions[state]?.[action] ?? null;

/** Only manufacturers and traders offer supplies (mySupplies is theirs, SPEC §2). */
export const mayOfferSupply = (userType: number): boolean => userType === UserType.MANUFACTURER || userType === UserType.TRADER;

export interface SupplyInput {
  imagePath: string;
  catalogue: number;
  sample: boolean;
  quantity: number;
  unit: number;
  description: string;
}

export type SupplyProblem = 'description' | 'quantity' | 'image' | 'catalogue';

export function supplyProblem(i: SupplyInput): SupplyProblem | null {
  const n = [...i.description.trim()].length;
  if (n < SupplyLimits.descriptionMin || n > SupplyLimits.descriptionMax) return 'description';
  if (!Number.isInteger(i.quantity) || i.quantity < 1 || i.quantity > SupplyLimits.maxQuantity) return 'quantity';
  if (!i.imagePath.trim()) return 'image';
  if (!(Object.values(PatternType) as number[]).includes(i.catalogue) || !(Object.values(Unit) as number[]).includes(i.unit)) return 'catalogue';
  return null;
}
