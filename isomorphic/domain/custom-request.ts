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

// One rule a field: the page checks each field with these, the api the whole request (below).
const positive = (n: unknown, max: number) => typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= max;
/** A width or height in cm. */
export const isCustomSize = (n: unknown): boolean => positive(n, CustomLimits.maxSizeCm);
/** A quantity: a whole number from 1. */
export const isCustomQuantity = (n: unknown): boolean => positive(n, CustomLimits.maxQuantity) && Number.isInteger(n);
/** An age of the garment's wearers, 1 to 100. */
export const isCustomAge = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= CustomLimits.ageMin && n <= CustomLimits.ageMax;
/** A garment's text field: required, at most fieldMax characters (trimmed). */
export const customTextCode = (s: string): number | null =>
  typeof s !== 'string' || s.trim() === '' ? Codes.CUSTOM_FIELD_REQUIRED : s.trim().length > CustomLimits.fieldMax ? Codes.CUSTOM_TEXT_TOO_LONG : null;
export const remarkFits = (remark: string | undefined): boolean => (remark ?? '').length <= CustomLimits.remarkMax;
/** The reference images: at least one when `required`, at most maxImages. */
export const customImagesCode = (images: readonly string[] | undefined, required: boolean): number | null =>
  (images?.length ?? 0) === 0 ? (required ? Codes.CUSTOM_IMAGES_REQUIRED : null) : images!.length > CustomLimits.maxImages ? Codes.CUSTOM_TOO_MANY_IMAGES : null;

/** SPEC §5: "At most 3 reference images for custom patterns" (and at least one for a pattern). */
export function checkCustomPattern(i: CustomPatternInput): number | null {
  const images = customImagesCode(i.images, true);
  if (images !== null) return images;
  if (!isCustomSize(i.widthCm) || !isCustomSize(i.heightCm)) return Codes.CUSTOM_SIZE_INVALID;
  if (!isCustomQuantity(i.quantity)) return Codes.CUSTOM_QUANTITY_INVALID;
  if (!remarkFits(i.remark)) return Codes.CUSTOM_TEXT_TOO_LONG;
  return null;
}

/** SPEC §5: "Custom garment age between 1 and 100; maximum age must be at least the minimum." */
export function checkCustomGarment(i: CustomGarmentInput): number | null {
  const texts = [i.fabricCoding, i.colour, i.occasion, i.style].map(customTextCode);
  if (texts.includes(Codes.CUSTOM_FIELD_REQUIRED)) return Codes.CUSTOM_FIELD_REQUIRED;
  if (texts.includes(Codes.CUSTOM_TEXT_TOO_LONG) || !remarkFits(i.remark)) return Codes.CUSTOM_TEXT_TOO_LONG;
  if (!isCustomAge(i.ageMin) || !isCustomAge(i.ageMax)) return Codes.CUSTOM_AGE_RANGE;
  if (i.ageMax < i.ageMin) return Codes.CUSTOM_AGE_ORDER;
  if (i.quantity !== undefined && i.quantity !== null && !isCustomQuantity(i.quantity)) return Codes.CUSTOM_QUANTITY_INVALID;
  return customImagesCode(i.images, false);
}

/** The extension of an original file name, lower case, when the upload control accepts it. */
export function acceptedExtension(fileName: string): string | null {
  const m = /\.([A-Za-z0-9]+)$/.exec(fileName);
  const ext = m?.[1].toLowerCase() ?? '';
  return UploadLimits.extensions.includes(ext) ? ext : null;
}
