// The company states and the operator console's codes, apart from their labels and messages (platform.ts):
// the catalogue's rules and the shared code table need only these, and so every page's first script stays
// without the console's texts.
export const CompanyStatus = { REMOVED: 0, ACTIVE: 1, SUSPENDED: 2 } as const;

export const PlatformCodes = {
  PLATFORM_COMPANY_NOT_FOUND: 501001,
  PLATFORM_COMPANY_STATE: 501002,
  PLATFORM_REASON_REQUIRED: 501003,
  COMPANY_SUSPENDED: 501004,
  PLATFORM_LAND_NOT_FOUND: 501005,
  PLATFORM_LAND_NAME: 501006,
  PLATFORM_LAND_REGION: 501007,
} as const;
