export const shopWords = {
  menu: { zh: '店铺管理菜单', en: 'Shop manager menu' },
  title: { zh: '店铺管理', en: 'Shop manager' },
  welcome: { zh: '欢迎回来，这里管理 {company} 的订单。', en: 'Welcome back. Here you handle the orders of {company}.' },
  publicPage: { zh: '查看店铺主页', en: 'View the public shop page' },
  open: { zh: '打开', en: 'Open' },
};
