// Shapes of sellers' quotes on custom requests (rules: isomorphic/domain/custom-quote.ts).

/** One company's answer to a custom request. */
export interface CustomQuote {
  id: number;
  requestId: number;
  companyId: number;
  companyName: string;
  companyNameEn: string;
  status: number;          // QuoteStatus: 1 quoted, 2 declined
  price: number | null;    // cents, for the quantity asked; null when declined
  leadDays: number | null; // days; null when declined
  note: string;
  updatedAt: string;
}

/** A custom request as a matching seller sees it: what was asked (not who asked), and their own answer. */
export interface SellerCustomRequest {
  id: number;
  kind: 'pattern' | 'garment';
  imageUrls: string[];
  fields: Record<string, string | number>;
  createdAt: string;
  openUntil: string;
  open: boolean;
  myQuote: CustomQuote | null;
}

export interface CustomQuoteBody {
  requestId: number;
  decline: boolean;
  price?: number | null;
  leadDays?: number | null;
  note?: string;
}
