// Demo companies: lace manufacturers and traders in the lace towns of Guangdong, Fujian and Zhejiang.
// Area codes are GB/T 2260 codes of the area table (province, city).
import { UserType } from '../../../isomorphic/domain/catalogue';

export interface DemoCompany {
  name: string;
  nameEn: string;
  abbreviation: string;
  kind: number;
  codePrefix: string;      // prefix of the company's pattern numbers
  mainBusiness: string;
  mainBusinessEn: string;
  intro: string;
  introEn: string;
  tel: string;
  province: string;
  city: string;
  address: string;
  lat: number;
  lng: number;
  establishedAt: string;
  staffCount: number;
  workshopArea: number | null;
  colour: string;          // the colour of its logo and banner lace
}

const M = UserType.MANUFACTURER;
const T = UserType.TRADER;

export const demoCompanies: DemoCompany[] = [
  {
    name: '潮州市金丝雀蕾丝有限公司', nameEn: 'Chaozhou Golden Canary Lace Co., Ltd.', abbreviation: '金丝雀蕾丝', kind: M, codePrefix: 'JSQ',
    mainBusiness: '婚纱蕾丝、水溶花边', mainBusinessEn: 'Bridal lace, water-soluble lace',
    intro: '金丝雀蕾丝创立于2006年，坐落于潮州市潮安区庵埠镇，专业生产婚纱礼服用水溶蕾丝、钉珠蕾丝及睫毛花边，拥有电脑刺绣机四十余台，常备现货花型三千余款，支持来图来样定制。',
    introEn: 'Founded in 2006 in Anbu, Chao\'an, Golden Canary makes water-soluble, beaded and eyelash lace for bridal and evening wear. Over forty computerised embroidery machines, more than 3,000 patterns in stock, custom designs from your drawings or samples.',
    tel: '0768-6852318', province: '44', city: '4451', address: '广东省潮州市潮安区庵埠镇梅溪工业区二路8号', lat: 23.4481, lng: 116.6838,
    establishedAt: '2006-03-18', staffCount: 120, workshopArea: 6800, colour: '#F4EEDC',
  },
  {
    name: '汕头市潮南区锦绣花边厂', nameEn: 'Shantou Chaonan Jinxiu Lace Factory', abbreviation: '锦绣花边', kind: M, codePrefix: 'JX',
    mainBusiness: '内衣花边、弹力蕾丝', mainBusinessEn: 'Lingerie trims, stretch lace',
    intro: '锦绣花边厂位于汕头市潮南区陈店镇内衣产业带，主营文胸、内裤用弹力经编花边与睫毛边，日产能二十万码，为国内多家知名内衣品牌长期配套。',
    introEn: 'Jinxiu sits in the Chendian lingerie cluster of Chaonan, Shantou, making stretch warp-knitted trims and eyelash edging for bras and briefs. 200,000 yards a day; a long-term supplier to well-known lingerie brands.',
    tel: '0754-87621935', province: '44', city: '4405', address: '广东省汕头市潮南区陈店镇文光工业区锦绣路12号', lat: 23.2381, lng: 116.4235,
    establishedAt: '2009-07-01', staffCount: 85, workshopArea: 4200, colour: '#1A1A1A',
  },
  {
    name: '福州长乐恒丰经编织造有限公司', nameEn: 'Fuzhou Changle Hengfeng Warp Knitting Co., Ltd.', abbreviation: '恒丰经编', kind: M, codePrefix: 'HF',
    mainBusiness: '经编蕾丝面料、睫毛蕾丝', mainBusinessEn: 'Warp-knitted lace fabric, eyelash lace',
    intro: '恒丰经编位于“中国经编名镇”长乐区金峰镇，引进德国卡尔迈耶贾卡经编机三十六台，专注锦纶氨纶蕾丝面料与睫毛蕾丝，产品远销欧美、中东及东南亚。',
    introEn: 'Hengfeng works 36 Karl Mayer jacquard Raschel machines in Jinfeng, Changle, China\'s warp-knitting town, specialising in nylon-spandex lace fabric and eyelash lace shipped to Europe, the Americas, the Middle East and Southeast Asia.',
    tel: '0591-28836701', province: '35', city: '3501', address: '福建省福州市长乐区金峰镇华侨工业区恒丰路1号', lat: 25.8712, lng: 119.5831,
    establishedAt: '2011-05-20', staffCount: 260, workshopArea: 21000, colour: '#FAFAF7',
  },
  {
    name: '福建长乐鑫达花边有限公司', nameEn: 'Fujian Changle Xinda Lace Co., Ltd.', abbreviation: '鑫达花边', kind: M, codePrefix: 'XD',
    mainBusiness: '大边、小边、服装辅料', mainBusinessEn: 'Wide and narrow borders, garment trims',
    intro: '鑫达花边专业生产宽幅花边、窄边及服装辅料，配备自有染整车间，可按潘通色号染色，小批量七天交货。',
    introEn: 'Xinda makes wide lace borders, narrow trims and garment accessories with its own dyeing and finishing plant: colour matched to Pantone, small lots delivered in seven days.',
    tel: '0591-28713560', province: '35', city: '3501', address: '福建省福州市长乐区松下镇首祉工业园B区6号', lat: 25.7533, lng: 119.6015,
    establishedAt: '2013-09-09', staffCount: 140, workshopArea: 9500, colour: '#E8B9B5',
  },
  {
    name: '绍兴柯桥美蕾纺织品有限公司', nameEn: 'Shaoxing Keqiao Meilei Textile Co., Ltd.', abbreviation: '美蕾纺织', kind: T, codePrefix: 'ML',
    mainBusiness: '蕾丝面料批发', mainBusinessEn: 'Lace fabric wholesale',
    intro: '美蕾纺织在中国轻纺城北联市场经营蕾丝面料十五年，汇集长乐、潮汕及本地工厂花型五千余款，剪样当天发货，大货可代工厂跟单。',
    introEn: 'Meilei has sold lace fabric in the North Market of China Textile City for fifteen years: over 5,000 patterns from Changle, Chaoshan and local mills, sample cuts shipped the same day, bulk orders followed through the mill for you.',
    tel: '0575-84125563', province: '33', city: '3306', address: '浙江省绍兴市柯桥区中国轻纺城北联市场三楼3126号', lat: 30.0921, lng: 120.4935,
    establishedAt: '2010-02-26', staffCount: 18, workshopArea: null, colour: '#1F2A44',
  },
  {
    name: '绍兴雅绣蕾丝花边有限公司', nameEn: 'Shaoxing Yaxiu Lace Co., Ltd.', abbreviation: '雅绣蕾丝', kind: M, codePrefix: 'YX',
    mainBusiness: '刺绣蕾丝、网布绣花', mainBusinessEn: 'Embroidered lace, embroidered mesh',
    intro: '雅绣蕾丝坐落于柯桥区钱清街道，专注网布刺绣、亮片绣及立体花刺绣，服务女装、童装及演出服客户，年开发新花型六百余款。',
    introEn: 'Yaxiu, in Qianqing, Keqiao, embroiders mesh, sequins and 3D flowers for womenswear, childrenswear and stage costume, releasing more than 600 new designs a year.',
    tel: '0575-84093317', province: '33', city: '3306', address: '浙江省绍兴市柯桥区钱清街道钱门路288号', lat: 30.1213, lng: 120.3752,
    establishedAt: '2015-04-12', staffCount: 95, workshopArea: 5200, colour: '#D9C3A0',
  },
  {
    name: '普宁市流沙丽人花边商行', nameEn: 'Puning Liusha Liren Lace Trading', abbreviation: '丽人花边', kind: T, codePrefix: 'LR',
    mainBusiness: '花边辅料批发', mainBusinessEn: 'Lace trims wholesale',
    intro: '丽人花边位于普宁市流沙服装商圈，批发各类睫毛边、小边、织带及服装辅料，现货充足，支持一条起批。',
    introEn: 'Liren trades eyelash edging, narrow trims, ribbons and garment accessories from the Liusha garment district of Puning: plenty in stock, orders from a single strip.',
    tel: '0663-2287416', province: '44', city: '4452', address: '广东省揭阳市普宁市流沙东街道国际服装城二期A栋115号', lat: 23.2971, lng: 116.1725,
    establishedAt: '2016-08-08', staffCount: 9, workshopArea: null, colour: '#7B1E2B',
  },
  {
    name: '广州蕾丝汇贸易有限公司', nameEn: 'Guangzhou Leisihui Trading Co., Ltd.', abbreviation: '蕾丝汇', kind: T, codePrefix: 'LSH',
    mainBusiness: '蕾丝面料、花边档口', mainBusinessEn: 'Lace fabric and trims stall',
    intro: '蕾丝汇扎根广州中大布匹市场，主营法式蕾丝、水溶花边与睫毛蕾丝，为全国服装设计师与网店提供剪样、现货及找版服务。',
    introEn: 'Leisihui trades French lace, water-soluble lace and eyelash lace from the Zhongda fabric market in Guangzhou, offering sample cuts, stock and pattern sourcing to designers and online shops across China.',
    tel: '020-89096235', province: '44', city: '4401', address: '广东省广州市海珠区瑞康路中大布匹市场珠江国际纺织城B区2楼B2086', lat: 23.0988, lng: 113.2905,
    establishedAt: '2014-11-03', staffCount: 12, workshopArea: null, colour: '#FAFAF7',
  },
  {
    name: '晋江市华艺织造有限公司', nameEn: 'Jinjiang Huayi Weaving Co., Ltd.', abbreviation: '华艺织造', kind: M, codePrefix: 'HY',
    mainBusiness: '棉线蕾丝、钩编花边', mainBusinessEn: 'Cotton lace, crochet trims',
    intro: '华艺织造地处晋江市深沪镇，生产棉线蕾丝、钩编花边及化学花边，通过OEKO-TEX认证，出口日韩及欧洲。',
    introEn: 'Huayi, in Shenhu, Jinjiang, makes cotton lace, crochet trims and guipure (chemical) lace, OEKO-TEX certified, exported to Japan, Korea and Europe.',
    tel: '0595-88156720', province: '35', city: '3505', address: '福建省泉州市晋江市深沪镇东海垵开发区华艺路3号', lat: 24.6364, lng: 118.6652,
    establishedAt: '2008-10-15', staffCount: 180, workshopArea: 12000, colour: '#F4EEDC',
  },
  {
    name: '汕头市谷饶针织花边有限公司', nameEn: 'Shantou Gurao Knitted Lace Co., Ltd.', abbreviation: '谷饶花边', kind: M, codePrefix: 'GR',
    mainBusiness: '针织花边、内衣辅料', mainBusinessEn: 'Knitted lace, lingerie accessories',
    intro: '谷饶花边位于潮阳区谷饶镇，专业生产针织弹力花边、肩带及内衣辅料，配套文胸、家居服与泳装工厂。',
    introEn: 'Gurao Knitted Lace, in Gurao, Chaoyang, makes knitted stretch lace, straps and lingerie accessories for bra, loungewear and swimwear factories.',
    tel: '0754-82918846', province: '44', city: '4405', address: '广东省汕头市潮阳区谷饶镇华光工业区谷饶大道66号', lat: 23.3278, lng: 116.4997,
    establishedAt: '2012-06-06', staffCount: 110, workshopArea: 7300, colour: '#E3C3A8',
  },
  {
    name: '潮州市新娘坊婚纱辅料商行', nameEn: 'Chaozhou Bridal House Trims Trading', abbreviation: '新娘坊', kind: T, codePrefix: 'XNF',
    mainBusiness: '婚纱礼服辅料', mainBusinessEn: 'Bridal and evening wear trims',
    intro: '新娘坊在潮州婚纱礼服产业带经营十余年，供应钉珠蕾丝、法式睫毛蕾丝、亮片花边及头纱花边，可按款配料。',
    introEn: 'Bridal House has supplied beaded lace, French eyelash lace, sequin trims and veil edging in Chaozhou\'s bridal wear cluster for over ten years, and will kit trims per style.',
    tel: '0768-2263581', province: '44', city: '4451', address: '广东省潮州市湘桥区枫春路婚纱礼服城1栋103号', lat: 23.6627, lng: 116.6301,
    establishedAt: '2012-12-12', staffCount: 7, workshopArea: null, colour: '#FAFAF7',
  },
  {
    name: '杭州萧山蕾美经编有限公司', nameEn: 'Hangzhou Xiaoshan Leimei Warp Knitting Co., Ltd.', abbreviation: '蕾美经编', kind: M, codePrefix: 'LM',
    mainBusiness: '经编网布、蕾丝面料', mainBusinessEn: 'Warp-knitted mesh, lace fabric',
    intro: '蕾美经编位于萧山经济技术开发区，生产经编网布、提花蕾丝面料与弹力蕾丝，拥有从整经、编织到定型的完整产线。',
    introEn: 'Leimei, in the Xiaoshan Economic and Technological Development Zone, knits mesh, jacquard lace fabric and stretch lace on a full line from warping and knitting to heat setting.',
    tel: '0571-82716688', province: '33', city: '3301', address: '浙江省杭州市萧山区经济技术开发区建设四路1899号', lat: 30.1906, lng: 120.2878,
    establishedAt: '2007-01-08', staffCount: 230, workshopArea: 18000, colour: '#8AA1B4',
  },
  {
    name: '深圳市卡芙兰花边贸易有限公司', nameEn: 'Shenzhen Kafulan Lace Trading Co., Ltd.', abbreviation: '卡芙兰', kind: T, codePrefix: 'KFL',
    mainBusiness: '进口风格蕾丝、女装辅料', mainBusinessEn: 'European-style lace, womenswear trims',
    intro: '卡芙兰服务深圳及珠三角女装品牌，精选法式里昂风格蕾丝与睫毛边，提供色卡、剪样及大货跟单一站式服务。',
    introEn: 'Kafulan serves womenswear brands in Shenzhen and the Pearl River Delta with Lyon-style French lace and eyelash edging: colour cards, sample cuts and bulk follow-up in one place.',
    tel: '0755-82435179', province: '44', city: '4403', address: '广东省深圳市罗湖区东门中路1011号鸿展中心15楼', lat: 22.5487, lng: 114.1205,
    establishedAt: '2017-03-15', staffCount: 16, workshopArea: null, colour: '#1A1A1A',
  },
];
