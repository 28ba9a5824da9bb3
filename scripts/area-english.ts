// Writes api/modules/area/area-names-en.json: the English name of every province, city and district of
// the area table (issue 23 item 6), so that the api answers in English without a runtime dependency.
// Run once after the area data changes, with pinyin-pro installed somewhere outside the project:
//   npm install --prefix /tmp/pinyin-tool pinyin-pro@3.29.4
//   npx tsx scripts/area-english.ts /tmp/pinyin-tool/node_modules
// Names: provinces and special regions by their usual English names; Hong Kong, Macau and Taiwan's cities
// by theirs; otherwise tone-less pinyin of the name's stem (apostrophe before a syllable starting with a, o
// or e: Xi'an, Lu'an) and its kind in English (District, County, Banner, Prefecture, League, Autonomous
// County ...), with the stems pinyin-pro reads wrongly or that have a usual English name written out.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { loadAreaRows } from '../api/modules/area/area-data';

const from = process.argv[2];
if (!from) throw new Error('usage: tsx scripts/area-english.ts <node_modules that holds pinyin-pro>');
const { pinyin } = createRequire(path.join(path.resolve(from), 'x.js'))('pinyin-pro') as { pinyin(text: string, opts: { toneType: 'none'; type: 'array' }): string[] };

const provinces: Record<string, string> = {
  11: 'Beijing', 12: 'Tianjin', 13: 'Hebei', 14: 'Shanxi', 15: 'Inner Mongolia', 21: 'Liaoning', 22: 'Jilin', 23: 'Heilongjiang',
  31: 'Shanghai', 32: 'Jiangsu', 33: 'Zhejiang', 34: 'Anhui', 35: 'Fujian', 36: 'Jiangxi', 37: 'Shandong', 41: 'Henan', 42: 'Hubei',
  43: 'Hunan', 44: 'Guangdong', 45: 'Guangxi', 46: 'Hainan', 50: 'Chongqing', 51: 'Sichuan', 52: 'Guizhou', 53: 'Yunnan', 54: 'Tibet',
  61: 'Shaanxi', 62: 'Gansu', 63: 'Qinghai', 64: 'Ningxia', 65: 'Xinjiang', 71: 'Taiwan', 81: 'Hong Kong', 82: 'Macau',
};

/** Hong Kong's, Macau's and Taiwan's cities and districts with a usual English form. */
const special: Record<string, string> = {
  香港岛: 'Hong Kong Island', 九龙: 'Kowloon', 新界: 'New Territories',
  中西区: 'Central and Western', 湾仔区: 'Wan Chai', 东区: 'Eastern', 南区: 'Southern', 油尖旺区: 'Yau Tsim Mong', 深水埗区: 'Sham Shui Po',
  九龙城区: 'Kowloon City', 黄大仙区: 'Wong Tai Sin', 观塘区: 'Kwun Tong', 葵青区: 'Kwai Tsing', 荃湾区: 'Tsuen Wan', 屯门区: 'Tuen Mun',
  元朗区: 'Yuen Long', 北区: 'North', 大埔区: 'Tai Po', 沙田区: 'Sha Tin', 西贡区: 'Sai Kung', 离岛区: 'Islands',
  澳门半岛: 'Macau Peninsula', 澳门外岛: 'Taipa and Coloane', 大堂区: 'Sé', 望德堂区: 'São Lázaro', 风顺堂区: 'São Lourenço',
  花地玛堂区: 'Nossa Senhora de Fátima', 圣安多尼堂区: 'Santo António', '嘉模堂区（氹仔）': 'Nossa Senhora do Carmo (Taipa)', '圣方济各堂区（路环）': 'São Francisco Xavier (Coloane)',
  台北市: 'Taipei', 新北市: 'New Taipei', 桃园市: 'Taoyuan', 台中市: 'Taichung', 台南市: 'Tainan', 高雄市: 'Kaohsiung', 基隆市: 'Keelung',
  新竹市: 'Hsinchu', 嘉义市: 'Chiayi', 新竹县: 'Hsinchu County', 苗栗县: 'Miaoli County', 彰化县: 'Changhua County', 南投县: 'Nantou County',
  云林县: 'Yunlin County', 嘉义县: 'Chiayi County', 屏东县: 'Pingtung County', 宜兰县: 'Yilan County', 花莲县: 'Hualien County',
  台东县: 'Taitung County', 澎湖县: 'Penghu County',
};

/** The mainland's odd units, and names that are only a kind. */
const whole: Record<string, string> = {
  县: 'Counties', 省直辖县级行政区划: 'County-level divisions', 自治区直辖县级行政区划: 'County-level divisions',
  保定白沟新城: 'Baigou New Town', 乌拉盖管理区管委会: 'Ulagai Administrative Area', 西沙群岛: 'Xisha Islands', 南沙群岛: 'Nansha Islands',
  中沙群岛的岛礁及其海域: 'Zhongsha Islands', 大柴旦行政委员会: 'Da Qaidam', 神农架林区: 'Shennongjia Forestry District', 清新区: 'Qingxin District',
  矿区: 'Mining District', 郊区: 'Suburban District', 城区: 'Urban District', 东区: 'East District', 西区: 'West District',
};

/** Stems with a usual English name, or that pinyin-pro reads wrongly (polyphones in place names). */
const stems: Record<string, string> = {
  呼和浩特: 'Hohhot', 鄂尔多斯: 'Ordos', 呼伦贝尔: 'Hulunbuir', 巴彦淖尔: 'Bayannur', 乌兰察布: 'Ulanqab', 锡林郭勒: 'Xilingol', 阿拉善: 'Alxa',
  哈尔滨: 'Harbin', 大兴安岭: 'Da Hinggan Ling', 拉萨: 'Lhasa', 日喀则: 'Shigatse', 昌都: 'Qamdo', 林芝: 'Nyingchi', 那曲: 'Nagqu', 阿里: 'Ngari',
  乌鲁木齐: 'Urumqi', 克拉玛依: 'Karamay', 吐鲁番: 'Turpan', 喀什: 'Kashgar', 和田: 'Hotan', 阿克苏: 'Aksu', 阿勒泰: 'Altay', 博尔塔拉: 'Bortala',
  巴音郭楞: 'Bayingolin', 克孜勒苏: 'Kizilsu', 伊犁: 'Ili', 甘孜: 'Garze', 阿坝: 'Ngawa', 果洛: 'Golog', 白云鄂博: 'Bayan Obo',
  乐清: 'Yueqing', 乐亭: 'Laoting', 尉氏: 'Yushi', 蔚: 'Yu', 单: 'Shan', 黄陂: 'Huangpi', 郫都: 'Pidu', 蚌山: 'Bengshan', 洪洞: 'Hongtong',
  涡阳: 'Guoyang', 泌阳: 'Biyang', 浚: 'Xun', 大城: 'Dacheng', 繁峙: 'Fanshi', 歙: 'She', 什邡: 'Shifang', 筠连: 'Junlian', 荥经: 'Yingjing',
  大埔: 'Dabu', 覃塘: 'Tantang', 澄江: 'Chengjiang', 六合: 'Luhe', 莒: 'Ju', 费: 'Fei', 长子: 'Zhangzi', 都安: "Du'an", 色达: 'Sertar',
  齐齐哈尔: 'Qiqihar', 海拉尔: 'Hailar', 额尔古纳: 'Ergun', 阿尔山: 'Arxan', 扎赉诺尔: 'Jalainur', 准格尔: 'Jungar', 和林格尔: 'Horinger',
  富拉尔基: 'Fularji', 萨尔图: 'Sartu', 科尔沁: 'Horqin', 阿鲁科尔沁: 'Ar Horqin', 巴尔虎: 'Barag', 新巴尔虎: 'New Barag', 陈巴尔虎: 'Old Barag',
  土默特: 'Tumed', 达尔罕茂明安: 'Darhan Muminggan', 巴林: 'Bairin', 克什克腾: 'Hexigten', 翁牛特: 'Ongniud', 喀喇沁: 'Harqin', 扎鲁特: 'Jarud',
  库伦: 'Hure', 鄂托克: 'Otog', 杭锦: 'Hanggin', 乌审: 'Uxin', 伊金霍洛: 'Ejin Horo', 达拉特: 'Dalad', 乌拉特: 'Urad', 察哈尔: 'Chahar',
  扎赉特: 'Jalaid', 阿巴嘎: 'Abag', 苏尼特: 'Sonid', 东乌珠穆沁: 'East Ujimqin', 西乌珠穆沁: 'West Ujimqin', 额济纳: 'Ejin', 阿荣: 'Arun',
  莫力达瓦: 'Morin Dawa', 前郭尔罗斯: 'Qian Gorlos', 杜尔伯特: 'Dorbod', 格尔木: 'Golmud', 德令哈: 'Delingha', 库尔勒: 'Korla', 石河子: 'Shihezi',
  六安: "Lu'an", 吕梁: 'Lüliang', 铅山: 'Yanshan', 番禺: 'Panyu', 闵行: 'Minhang', 行唐: 'Xingtang', 枞阳: 'Zongyang', 犍为: 'Qianwei',
};

/** Characters read one way in place names whatever pinyin-pro's phrases say (三都 Sandu, 曾都 Zengdu). */
const charReadings: Record<string, string> = { 都: 'du', 曾: 'zeng' };

/** Peoples named in autonomous areas, longest first when matched from the end. */
const peoples: Record<string, string> = {
  朝鲜族: 'Korean', 土家族: 'Tujia', 苗族: 'Miao', 藏族: 'Tibetan', 羌族: 'Qiang', 彝族: 'Yi', 布依族: 'Bouyei', 侗族: 'Dong', 哈尼族: 'Hani',
  壮族: 'Zhuang', 傣族: 'Dai', 白族: 'Bai', 景颇族: 'Jingpo', 傈僳族: 'Lisu', 回族: 'Hui', 蒙古族: 'Mongol', 蒙古: 'Mongol', 柯尔克孜: 'Kyrgyz',
  哈萨克族: 'Kazakh', 哈萨克: 'Kazakh', 满族: 'Manchu', 达斡尔族: 'Daur', 鄂伦春: 'Oroqen', 鄂温克族: 'Evenki', 畲族: 'She', 瑶族: 'Yao',
  各族: 'Multi-ethnic', 仫佬族: 'Mulao', 毛南族: 'Maonan', 黎族: 'Li', 仡佬族: 'Gelao', 水族: 'Shui', 纳西族: 'Naxi', 拉祜族: 'Lahu', 佤族: 'Va',
  布朗族: 'Blang', 独龙族: 'Derung', 怒族: 'Nu', 普米族: 'Pumi', 裕固族: 'Yugur', 保安族: 'Bonan', 东乡族: 'Dongxiang', 撒拉族: 'Salar',
  土族: 'Tu', 塔吉克: 'Tajik', 锡伯: 'Xibe',
};
const peopleNames = Object.keys(peoples).sort((a, b) => b.length - a.length);

/** Development zones and the like, by suffix, longest first. */
const zones: Array<[string, string]> = [
  ['火炬高技术产业开发区', 'Torch High-tech Industrial Development Zone'], ['高新技术产业开发区', 'High-tech Industrial Development Zone'],
  ['高新技术产业园区', 'High-tech Industrial Park'], ['经济技术开发区', 'Economic and Technological Development Zone'],
  ['城乡一体化示范区', 'Urban-Rural Integration Demonstration Zone'], ['转型综合改革示范区', 'Comprehensive Reform Demonstration Zone'],
  ['文化旅游创意园区', 'Cultural Tourism Creative Park'], ['经济综合实验区', 'Comprehensive Economic Experimental Zone'],
  ['高新技术开发区', 'High-tech Development Zone'], ['循环化工园区', 'Circular Chemical Industry Park'], ['现代产业园区', 'Modern Industrial Park'],
  ['经济开发区', 'Economic Development Zone'], ['工业园区', 'Industrial Park'], ['示范区', 'Demonstration Zone'], ['开发区', 'Development Zone'],
  ['管理区', 'Administrative Area'],
];

/** A banner's place in a league: 科尔沁右翼前旗 is Horqin Right Front Banner. */
const bannerSides: Array<[RegExp, string]> = [[/(左翼|左)$/, 'Left'], [/(右翼|右)$/, 'Right'], [/联合$/, 'United']];
const bannerRows: Array<[RegExp, string]> = [[/前$/, 'Front'], [/中$/, 'Middle'], [/后$/, 'Rear']];

/** Kinds by suffix, longest first; level 2's 市 is the city itself, level 3's 市 a county-level city. */
const kinds: Array<[string, string]> = [
  ['自治州', 'Autonomous Prefecture'], ['自治县', 'Autonomous County'], ['自治旗', 'Autonomous Banner'], ['地区', 'Prefecture'],
  ...zones, ['新区', 'New Area'], ['矿区', 'Mining District'], ['特区', 'Special District'], ['区', 'District'], ['县', 'County'], ['旗', 'Banner'],
  ['盟', 'League'], ['镇', 'Township'], ['乡', 'Township'], ['市', ''],
];

/** Province and city names that begin longer stems ("安徽安庆" is Anhui Anqing), longest first; filled below. */
let leading: Array<[string, string]> = [];

function romanise(stem: string): string {
  if (stems[stem]) return stems[stem];
  const lead = stem.length > 2 ? leading.find(([zh]) => stem.startsWith(zh) && stem.length > zh.length) : undefined;
  if (lead && lead[1]) return `${lead[1]} ${romanise(stem.slice(lead[0].length).replace(/^市/, ''))}`;
  const syllables = pinyin(stem, { toneType: 'none', type: 'array' }).map((s, i) => charReadings[stem[i]] ?? s);
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function list(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function english(name: string): string {
  if (whole[name]) return whole[name];
  const kind = kinds.find(([suffix]) => name.endsWith(suffix) && name.length > suffix.length);
  if (!kind) return romanise(name);
  let stem = name.slice(0, -kind[0].length);
  const found: string[] = [];
  if (kind[0].startsWith('自治')) {
    for (let people = peopleNames.find((p) => stem.endsWith(p)); people; people = peopleNames.find((p) => stem.endsWith(p))) {
      found.unshift(peoples[people]);
      stem = stem.slice(0, -people.length);
    }
  }
  if (kind[0] === '旗') {
    const row = bannerRows.find(([re]) => re.test(stem));
    if (row) { found.unshift(row[1]); stem = stem.replace(row[0], ''); }
    const side = bannerSides.find(([re]) => re.test(stem));
    if (side) { found.unshift(side[1]); stem = stem.replace(side[0], ''); }
    if (!stem) return english(name.slice(0, -1)); // no place name left: not a banner of this pattern
    return [romanise(stem), ...found, kind[1]].join(' ');
  }
  // "东乡族自治县", "鄂伦春自治旗": the area is named after its people alone.
  const head = stem ? romanise(stem) : found.shift() ?? '';
  return [head, list(found), kind[1]].filter(Boolean).join(' ');
}

/** By code, where the same name means another place elsewhere (兴安县 in Guangxi is Xing'an County). */
const byCodeName: Record<string, string> = { 1522: 'Hinggan League' };

const out: Record<string, string> = {};
const byCode = new Map(loadAreaRows().map((r) => [r.code, r]));
const provinceStem = (name: string) => name.replace(/(维吾尔自治区|壮族自治区|回族自治区|自治区|特别行政区|省|市)$/, '');
leading = [
  ...loadAreaRows().filter((r) => r.level === 1 && provinces[r.code]).map((r): [string, string] => [provinceStem(r.name), provinces[r.code]]),
  ...loadAreaRows().filter((r) => r.level === 2 && /..市$/.test(r.name)).map((r): [string, string] => [r.name.slice(0, -1), '']),
].filter(([zh]) => zh.length >= 2).sort((a, b) => b[0].length - a[0].length);
// Cities' English names, for the stems they begin (computed as the names of the cities themselves).
leading = leading.map(([zh, en]) => [zh, en || romanise(zh)]);
for (const row of loadAreaRows()) {
  if (byCodeName[row.code]) out[row.code] = byCodeName[row.code];
  else if (row.level === 1) out[row.code] = provinces[row.code] ?? romanise(row.name);
  // Municipalities' single city bears the province's name.
  else if (row.level === 2 && row.name === byCode.get(row.parent_code ?? '')?.name) out[row.code] = out[row.parent_code!];
  else out[row.code] = (/^(71|81|82)/.test(row.code) ? special[row.name] : undefined) ?? english(row.name);
}
const file = path.resolve(import.meta.dirname, '../api/modules/area/area-names-en.json');
fs.writeFileSync(file, `${JSON.stringify(out, null, 0).replace(/,"/g, ',\n"')}\n`);
console.log(`${Object.keys(out).length} names written to ${path.relative(process.cwd(), file)}`);
