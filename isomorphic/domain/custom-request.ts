// Rules of SPEC §5 for uploads and custom requests (patterns and garments), shared by the api and the
// pages: each check answers the code (isomorphic/domain/codes) of the first rule broken, or null.
import { Codes } from './codes';
import { Limits } from './limits';

export const UploadLimits = {
  maxMb: Limits.maxImageMb,
  maxBytes: Limits.maxImageMb * 1024 * 1024,
  /** file name extensions the upload control accepts (SPEC §2), plus webp which the api also takes */
  extensions: ['png', 'jpeg', 'jpg', 'bmp', 'webp'] as readonly string[],
  contentTypes: ['image/png', 'image/jpeg', 'image/bmp', 'image/webp'] as readonly string[],
  /** SPEC §3: storeAs = dir + "web-" + a random id without dashes + the original extension */
  storeAsPrefix: 'web-',
} as const;

export const CustomLimits = {
  maxImages: 3,
  ageMin: 1,
  ageMax: 100,
  maxSizeCm: 100_000,
  maxQuantity: 100_000_000,
  fieldMax: 50,
  remarkMax: 500,
} as const;

export type CustomKind = 'pattern' | 'garment';
export const CustomStatus = { SUBMITTED: 0, QUOTED: 1, CLOSED: 2 } as const;

export interface CustomPatternInput { images: string[]; widthCm: number; heightCm: number; quantity: number; remark?: string }
export interface CustomGarmentInput {
  fabricCoding: string; colour: string; occasion: string; style: string;
  ageMin: number; ageMax: number; quantity?: number; remark?: string; images?: string[];
}

const positive = (n: unknown, max: number) => typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= max;
const wholePositive = (n: unknown) => positive(n, CustomLimits.maxQuantity) && Number.isInteger(n);

/** SPEC §5: "At most 3 reference images for custom patterns" (and at least one for a pattern). */
export function checkCustomPattern(i: CustomPatternInput): number | null {
  if (!i.images || i.images.length === 0) return Codes.CUSTOM_IMAGES_REQUIRED;
  if (i.images.length > CustomLimits.maxImages) return Codes.CUSTOM_TOO_MANY_IMAGES;
  if (!positive(i.widthCm, CustomLimits.maxSizeCm) || !positive(i.heightCm, CustomLimits.maxSizeCm)) return Codes.CUSTOM_SIZE_INVALID;
  if (!wholePositive(i.quantity)) return Codes.CUSTOM_QUANTITY_INVALID;
  if ((i.remark ?? '').length > CustomLimits.remarkMax) return Codes.CUSTOM_TEXT_TOO_LONG;
  return null;
}

/** SPEC §5: "Custom garment age between 1 and 100; maximum age must be at least the minimum." */
export function checkCustomGarment(i: CustomGarmentInput): number | null {
  const texts = [i.fabricCoding, i.colour, i.occasion, i.style];
  if (texts.some((s) => typeof s !== 'string' || s.trim() === '')) return Codes.CUSTOM_FIELD_REQUIRED;
  if (texts.some((s) => s.trim().length > CustomLimits.fieldMax) || (i.remark ?? '').length > CustomLimits.remarkMax) return Codes.CUSTOM_TEXT_TOO_LONG;
  const age = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= CustomLimits.ageMin && n <= CustomLimits.ageMax;
  if (!age(i.ageMin) || !age(i.ageMax)) return Codes.CUSTOM_AGE_RANGE;
  if (i.ageMax < i.ageMin) return Codes.CUSTOM_AGE_ORDER;
  if (i.quantity !== undefined && i.quantity !== null && !wholePositive(i.quantity)) return Codes.CUSTOM_QUANTITY_INVALID;
  if ((i.images?.length ?? 0) > CustomLimits.maxImages) return Codes.CUSTOM_TOO_MANY_IMAGES;
  return null;
}

/** The extension of an original file name, lower case, when the upload control accepts it. */
export function acceptedExtension(fileName: string): string | null {
  const m = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const ext = m?.[1].toLowerCase() ?? '';
  return UploadLimits.extensions.includes(ext) ? ext : null;
}
