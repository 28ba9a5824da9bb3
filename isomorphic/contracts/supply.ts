// Shapes of the supply-offer calls (供应), shared by the api's schemas and the pages.
import type { Refusal } from './purchase';

/** What anyone may see of an offer: who offers what kind, not the picture, quantity or description (SPEC §6). */
export interface SupplyTeaser {
  id: number;
  companyId: number | null;
  companyName: string;
  companyNameEn: string;
  catalogue: number;
  catalogueLabel: string;
  unit: number;
  unitLabel: string;
  status: number;
  statusLabel: string;
  favouriteCount: number;
  createdAt: string;
}

export interface SupplyDetail extends SupplyTeaser {
  imagePath: string;
  imageUrl: string;
  sample: boolean;
  quantity: number;
  description: string;
  mine: boolean;
  updatedAt: string;
}

export interface SupplyView { teaser: SupplyTeaser; detail: SupplyDetail | null; hidden: Refusal | null }

export interface SupplyListItem extends SupplyTeaser { description: string | null; imageUrl: string | null; quantity: number | null; mine: boolean }

export interface SupplyRelease { imagePath: string; catalogue: number; sample: boolean; quantity: number; unit: number; description: string }

export interface SupplyCounts { inSupply: number; closed: number; total: number }

export type FollowedSupply = SupplyListItem & { followedAt: string };
