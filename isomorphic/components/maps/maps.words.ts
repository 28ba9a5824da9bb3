import type { Words } from '../use-words';

export const mapsWords = {
  search: { zh: '搜索', en: 'Search' },
  keyword: { zh: '搜索地点', en: 'Search for a place' },
  keywordPlaceholder: { zh: '输入地址或公司名称', en: 'An address or a company name' },
  suggestions: { zh: '地点建议', en: 'Suggested places' },
  noResult: { zh: '没有找到“{keyword}”，请换个关键词', en: 'Nothing was found for "{keyword}"; try other words' },
  loadFailed: { zh: '地图暂时无法加载，请稍后再试', en: 'The map cannot load right now; please try again later' },
  loading: { zh: '地图加载中…', en: 'Loading the map…' },
  mapLabel: { zh: '{name} 的位置地图', en: 'Map of where {name} is' },
} satisfies Words;
