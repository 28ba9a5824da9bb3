// A product's composition ("60% cotton 40% polyester" or "60%棉 40%涤纶") in the page's language: sellers
// write it once, in either language; the fibre names known here are put into the other one, and anything
// else is kept as written: a text with words not known here stays as the seller wrote it, whole.

const fibres: ReadonlyArray<readonly [zh: string, en: string]> = [
  ['金银丝', 'metallic yarn'], ['莫代尔', 'modal'], ['莱赛尔', 'lyocell'], ['醋酸', 'acetate'], ['涤纶', 'polyester'],
  ['锦纶', 'nylon'], ['尼龙', 'nylon'], ['氨纶', 'spandex'], ['粘胶', 'viscose'], ['粘纤', 'viscose'], ['人造丝', 'rayon'],
  ['真丝', 'silk'], ['桑蚕丝', 'silk'], ['亚麻', 'linen'], ['羊毛', 'wool'], ['腈纶', 'acrylic'], ['棉', 'cotton'],
];

const toChinese = new Map(fibres.map(([zh, en]): [string, string] => [en, zh]).reverse());
const englishWords = new RegExp(`\\b(${[...toChinese.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/ /g, '\\s+')).join('|')}|elastane|lycra)\\b`, 'gi');
const chineseWords = new RegExp(fibres.map(([zh]) => zh).join('|'), 'g');

export function compositionIn(text: string, lang: 'zh' | 'en'): string {
  if (!text) return text;
  if (lang === 'en') {
    const english = text.replace(chineseWords, (zh) => ` ${fibres.find(([z]) => z === zh)![1]}`).replace(/%\s+/g, '% ').replace(/\s{2,}/g, ' ').trim();
    return /[\u4e00-\u9fff]/.test(english) ? text : english;
  }
  const chinese = text.replace(englishWords, (en) => {
    const key = en.toLowerCase().replace(/\s+/g, ' ');
    return toChinese.get(key === 'elastane' || key === 'lycra' ? 'spandex' : key) ?? en;
  }).replace(/%\s+(?=[\u4e00-\u9fff])/g, '%');
  return /[a-z]/i.test(chinese) ? text : chinese;
}
