// Words of the collect / follow control and the favourites pages, as {zh, en} pairs (see use-words.ts).
import type { Words } from './use-words';

export const favouriteWords = {
  collect: { zh: '收藏', en: 'Collect' },
  collected: { zh: '已收藏', en: 'Collected' },
  follow: { zh: '关注店铺', en: 'Follow shop' },
  followed: { zh: '已关注', en: 'Following' },
  loginToCollect: { zh: '登录后收藏', en: 'Sign in to collect' },
  loginToFollow: { zh: '登录后关注', en: 'Sign in to follow' },
  unfollow: { zh: '取消收藏', en: 'Remove' },
  storeTitle: { zh: '店铺收藏', en: 'Followed shops' },
  productTitle: { zh: '花型收藏', en: 'Collected patterns' },
  storeEmpty: { zh: '还没有收藏任何店铺。', en: 'You are not following any shop yet.' },
  productEmpty: { zh: '还没有收藏任何花型。', en: 'You have not collected any pattern yet.' },
  followedAt: { zh: '收藏于 {time}', en: 'Saved {time}' },
  browse: { zh: '去逛逛', en: 'Browse patterns' },
  galleryName: { zh: '花型图库', en: 'Pattern gallery' },
  removed: { zh: '已取消收藏', en: 'Removed from your favourites' },
} satisfies Words;
