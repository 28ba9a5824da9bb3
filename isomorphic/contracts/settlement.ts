// Settlement (入驻) and the operator console's shapes, shared by the api (response schemas) and the pages.
export interface SettledLand { id: number; name: string; nameEn: string; provinceCode: string; cityCode: string; speciality: string; specialityEn: string; open: boolean; sort: number }

export interface SettlementApplication {
  id: number;
  userId: number;
  kind: 'seller' | 'buyer';
  companyName: string;
  abbreviation: string;
  mainBusiness: string;
  intro: string;
  landId: number | null;
  provinceCode: string;
  cityCode: string;
  address: string;
  licencePath: string;
  licenceUrl: string;
  companyImagePath: string;
  companyImageUrl: string;
  remark: string;
  status: number;
  statusLabel: string;
  rejectReason: string;
  companyId: number | null;
  decidedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What /settle/apply needs: my latest application, whether I am settled, and the areas open to sellers. */
export interface SettlementOverview { settled: boolean; userType: number; kind: 'seller' | 'buyer'; current: SettlementApplication | null; lands: SettledLand[] }

/** An application as the operator sees it: with the applicant. */
export interface QueuedApplication extends SettlementApplication { applicant: { id: number; nickname: string; mobile: string; userType: number } | null; landName: string }

export interface PlatformCompany { id: number; name: string; nameEn: string; kind: number; status: number; statusReason: string; logoUrl: string; createdAt: string }

export interface AuditEntry { id: number; operatorId: number; operatorName: string; action: string; actionLabel: string; targetType: string; targetId: number; before: string; after: string; note: string; createdAt: string }
