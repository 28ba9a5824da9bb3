// Field-by-field checks of the custom request forms, on the rules the api applies
// (isomorphic/domain/custom-request.ts): each field answers the code of its broken rule, whose message
// (both languages) comes from domain/codes. The whole request is then checked by the api's own function.
import { Codes } from '../../domain/codes';
import { CustomLimits, checkCustomGarment, checkCustomPattern, type CustomGarmentInput, type CustomPatternInput } from '../../domain/custom-request';

export type Errors<K extends string> = Partial<Record<K, number>>;

/** A form value as a number, or NaN for an empty or malformed one. */
export function toNumber(raw: string): number {
  return raw.trim() === '' ? Number.NaN : Number(raw);
}

const size = (n: number) => Number.isFinite(n) && n > 0 && n <= CustomLimits.maxSizeCm;
const quantity = (n: number) => Number.isInteger(n) && n > 0 && n <= CustomLimits.maxQuantity;
const age = (n: number) => Number.isInteger(n) && n >= CustomLimits.ageMin && n <= CustomLimits.ageMax;

function prune<K extends string>(e: Record<K, number | undefined>): Errors<K> {
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as Errors<K>;
}

export type PatternField = 'images' | 'widthCm' | 'heightCm' | 'quantity' | 'remark';

export function patternErrors(i: CustomPatternInput): Errors<PatternField> {
  const e = prune<PatternField>({
    images: i.images.length === 0 ? Codes.CUSTOM_IMAGES_REQUIRED : i.images.length > CustomLimits.maxImages ? Codes.CUSTOM_TOO_MANY_IMAGES : undefined,
    widthCm: size(i.widthCm) ? undefined : Codes.CUSTOM_SIZE_INVALID,
    heightCm: size(i.heightCm) ? undefined : Codes.CUSTOM_SIZE_INVALID,
    quantity: quantity(i.quantity) ? undefined : Codes.CUSTOM_QUANTITY_INVALID,
    remark: (i.remark ?? '').length > CustomLimits.remarkMax ? Codes.CUSTOM_TEXT_TOO_LONG : undefined,
  });
  // Whatever the api would refuse and no field caught shows on the first field.
  const whole = checkCustomPattern(i);
  return Object.keys(e).length === 0 && whole !== null ? { images: whole } : e;
}

export type GarmentField = 'fabricCoding' | 'colour' | 'occasion' | 'style' | 'ageMin' | 'ageMax' | 'quantity' | 'remark' | 'images';

export function garmentErrors(i: CustomGarmentInput): Errors<GarmentField> {
  const text = (s: string) => (s.trim() === '' ? Codes.CUSTOM_FIELD_REQUIRED : s.trim().length > CustomLimits.fieldMax ? Codes.CUSTOM_TEXT_TOO_LONG : undefined);
  const e = prune<GarmentField>({
    fabricCoding: text(i.fabricCoding),
    colour: text(i.colour),
    occasion: text(i.occasion),
    style: text(i.style),
    ageMin: age(i.ageMin) ? undefined : Codes.CUSTOM_AGE_RANGE,
    ageMax: !age(i.ageMax) ? Codes.CUSTOM_AGE_RANGE : age(i.ageMin) && i.ageMax < i.ageMin ? Codes.CUSTOM_AGE_ORDER : undefined,
    quantity: i.quantity === undefined || quantity(i.quantity) ? undefined : Codes.CUSTOM_QUANTITY_INVALID,
    remark: (i.remark ?? '').length > CustomLimits.remarkMax ? Codes.CUSTOM_TEXT_TOO_LONG : undefined,
    images: (i.images?.length ?? 0) > CustomLimits.maxImages ? Codes.CUSTOM_TOO_MANY_IMAGES : undefined,
  });
  const whole = checkCustomGarment(i);
  return Object.keys(e).length === 0 && whole !== null ? { fabricCoding: whole } : e;
}
