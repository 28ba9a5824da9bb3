// Shapes of the account and consignee calls.
export interface UserInfo {
  id: number;
  mobile: string;
  userType: number;       // 1 manufacturer, 2 trader, 3 designer
  nickname: string;
  realName: string;
  email: string;
  avatarUrl: string;
  companyId: number | null;
  settled: boolean;
  /** a platform operator (the console at /platform is theirs) */
  operator: boolean;
  createdAt: string;
}

export interface CompanyBrief { id: number; name: string; nameEn: string; logoUrl: string }

export interface LoginResult { token: string; user: UserInfo; company: CompanyBrief | null }
export interface SessionInfo { user: UserInfo; company: CompanyBrief | null }

export interface Consignee {
  id: number;
  consignee: string;
  phone: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  region: string;         // "广东省 潮州市 湘桥区"
  detail: string;
  isDefault: boolean;
}
