// One error type for the api: a code from isomorphic/domain/codes, an HTTP status, and a message in
// both languages (the request's language is chosen when the envelope is written).
import { Codes } from '../../isomorphic/domain/codes';
import { codeMessages } from '../../isomorphic/domain/code-messages';
import { tradeCodeMessages } from '../../isomorphic/domain/trade-messages';
import { catalogueSellerCodeMessages } from '../../isomorphic/domain/catalogue-seller-messages';
import { enquiryCodeMessages } from '../../isomorphic/domain/enquiry-messages';

export interface Bilingual { zh: string; en: string }

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly bilingual: Bilingual;
  constructor(code: number, status: number, message?: Bilingual) {
    const m = message ?? codeMessages[code] ?? tradeCodeMessages[code] ?? catalogueSellerCodeMessages[code] ?? enquiryCodeMessages[code] ?? codeMessages[Codes.INTERNAL];
    super(m.en);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.bilingual = m;
  }
}

export const badRequest = (message?: Bilingual, code: number = Codes.BAD_REQUEST) => new ApiError(code, 400, message);
export const notFound = (message?: Bilingual) => new ApiError(Codes.NOT_FOUND, 404, message);
export const gone = (message?: Bilingual) => new ApiError(Codes.GONE, 410, message);
export const forbidden = (message?: Bilingual) => new ApiError(Codes.FORBIDDEN, 403, message);
export const sessionExpired = (message?: Bilingual) => new ApiError(Codes.SESSION_EXPIRED, 401, message);
