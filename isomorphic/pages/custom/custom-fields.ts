// Field-by-field checks of the custom request forms, on the rules the api applies
// (isomorphic/domain/custom-request.ts): each field answers the code of its broken rule, whose message
// (both languages) comes from domain/codes. The whole request is then checked by the api's own function.
import { Codes } from '../../domain/codes';
import {
  checkCustomGarment, checkCustomPattern, customImagesCode, customTextCode, isCustomAge, isCustomQuantity, isCustomSize, remarkFits,
  type CustomGarmentInput, type CustomPatternInput,
} from '../../domain/custom-request';

export type Errors<K extends string> = Partial<Record<K, number>>;

/** A form value as a number, or NaN for an empty or malformed one. */
export function toNumber(raw: string): number {
  return raw.trim() === '' ? Number.NaN : Number(raw);
}

const unless = (ok: boolean, code: number) => (ok ? undefined : code);

function prune<K extends string>(e: Record<K, number | null | undefined>): Errors<K> {
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined && v !== null)) as Errors<K>;
}

export type PatternField = 'images' | 'widthCm' | 'heightCm' | 'quantity' | 'remark';

export function patternErrors(i: CustomPatternInput): Errors<PatternField> {
  const e = prune<PatternField>({
    images: customImagesCode(i.images, true),
    widthCm: unless(isCustomSize(i.widthCm), Codes.CUSTOM_SIZE_INVALID),
    heightCm: unless(isCustomSize(i.heightCm), Codes.CUSTOM_SIZE_INVALID),
    quantity: unless(isCustomQuantity(i.quantity), Codes.CUSTOM_QUANTITY_INVALID),
    remark: unless(remarkFits(i.remark), Codes.CUSTOM_TEXT_TOO_LONG),
  });
  // Whatever the api would refuse and no field caught shows on the first field.
  const whole = checkCustomPattern(i);
  return Object.keys(e).length === 0 && whole !== null ? { images: whole } : e;
}

export type GarmentField = 'fabricCoding' | 'colour' | 'occasion' | 'style' | 'ageMin' | 'ageMax' | 'quantity' | 'remark' | 'images';

export function garmentErrors(i: CustomGarmentInput): Errors<GarmentField> {
  const e = prune<GarmentField>({
    fabricCoding: customTextCode(i.fabricCoding),
    colour: customTextCode(i.colour),
    occasion: customTextCode(i.occasion),
    style: customTextCode(i.style),
    ageMin: unless(isCustomAge(i.ageMin), Codes.CUSTOM_AGE_RANGE),
    ageMax: !isCustomAge(i.ageMax) ? Codes.CUSTOM_AGE_RANGE : isCustomAge(i.ageMin) && i.ageMax < i.ageMin ? Codes.CUSTOM_AGE_ORDER : undefined,
    quantity: unless(i.quantity === undefined || isCustomQuantity(i.quantity), Codes.CUSTOM_QUANTITY_INVALID),
    remark: unless(remarkFits(i.remark), Codes.CUSTOM_TEXT_TOO_LONG),
    images: customImagesCode(i.images, false),
  });
  const whole = checkCustomGarment(i);
  return Object.keys(e).length === 0 && whole !== null ? { fabricCoding: whole } : e;
}
