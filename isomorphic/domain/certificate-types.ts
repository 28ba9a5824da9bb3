// The kinds of certificate a shop keeps (SPEC §3 Company aptitude), in a file of their own with no imports,
// so that the message centre's texts (./notification, imported by ./codes) can name them without a cycle.

export const certificateTypes: Record<number, { zh: string; en: string }> = {
  1: { zh: '营业执照', en: 'Business licence' },
  2: { zh: 'ISO 9001 质量管理体系', en: 'ISO 9001 quality management' },
  3: { zh: 'OEKO-TEX Standard 100', en: 'OEKO-TEX Standard 100' },
  4: { zh: 'ISO 14001 环境管理体系', en: 'ISO 14001 environmental management' },
  5: { zh: 'GRS 全球回收标准', en: 'Global Recycled Standard (GRS)' },
  6: { zh: 'BSCI 社会责任审核', en: 'BSCI social audit' },
  7: { zh: '专利证书', en: 'Patent' },
  8: { zh: '荣誉证书', en: 'Award' },
  9: { zh: '其他证书', en: 'Other certificate' },
};
