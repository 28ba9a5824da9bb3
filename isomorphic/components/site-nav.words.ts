// Words of the site's navigation: the catalogue bar under the header and the signed-in footer links.
export const siteNavWords = {
  catalogue: { zh: '商品分类', en: 'Catalogue' },
  menu: { zh: '分类菜单', en: 'Menu' },
  closeMenu: { zh: '收起菜单', en: 'Close menu' },
  patterns: { zh: '花型图库', en: 'Patterns' },
  patternTypes: { zh: '按类型找花型', en: 'Patterns by type' },
  garments: { zh: '服装图库', en: 'Garments' },
  newArrivals: { zh: '新品上市', en: 'New arrivals' },
  mills: { zh: '优质厂家', en: 'Mills' },
  hall: { zh: '供求大厅', en: 'Supply & purchase' },
  customPattern: { zh: '花型定制', en: 'Custom pattern' },
  customGarment: { zh: '服装定制', en: 'Custom garment' },
  myOrders: { zh: '我的订单', en: 'My orders' },
  myAccount: { zh: '个人中心', en: 'My account' },
} as const;
