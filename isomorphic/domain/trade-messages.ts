// The messages of the trade codes (trade-codes.ts, 700000-700999) in both languages. Kept apart from the
// shared code table so that no page's first script carries them: api/http/errors.ts and the trade pages
// (a lazy chunk) import them.
import { TradeCodes, type Bilingual } from './trade-codes';

const T = TradeCodes;
export const tradeCodeMessages: Record<number, Bilingual> = {
  [T.PURCHASE_NOT_FOUND]: { zh: '求购信息不存在', en: 'This purchase request does not exist' },
  [T.PURCHASE_ACTION_NOT_ALLOWED]: { zh: '求购信息当前状态下不能进行此操作', en: 'This purchase request cannot do that in its current state' },
  [T.PURCHASE_STATUS_CHANGED]: { zh: '求购信息状态已变化，请刷新后重试', en: 'The purchase request has changed, please reload and try again' },
  [T.PURCHASE_DESCRIPTION]: { zh: '描述须为1-50个字符', en: 'The description must be 1-50 characters' },
  [T.PURCHASE_QUANTITY]: { zh: '请输入正确的数量', en: 'Please enter a correct quantity' },
  [T.PURCHASE_IMAGE]: { zh: '请上传您本人上传的花型图片', en: 'Please upload a pattern image (one you uploaded)' },
  [T.PURCHASE_DEADLINE]: { zh: '截止时间须在1小时后到90天之内', en: 'The deadline must be between one hour and 90 days from now' },
  [T.PURCHASE_CATALOGUE]: { zh: '请选择花型类别', en: 'Please choose a pattern type' },
  [T.PURCHASE_UNIT]: { zh: '请选择单位', en: 'Please choose a unit' },
  [T.PURCHASE_SAMPLE_TYPE]: { zh: '请选择采购类型', en: 'Please choose a purchase type' },
  [T.PURCHASE_BUYERS_ONLY]: { zh: '只有服装设计师（买家）可以发布求购', en: 'Only clothing designers (buyers) can post purchase requests' },
  [T.PURCHASE_MERCHANTS_ONLY]: { zh: '为保密起见，求购详情仅对花边厂和档口商开放', en: 'For confidentiality, purchase details are open only to lace manufacturers and traders' },
  [T.PURCHASE_SIGN_IN]: { zh: '请以花边厂或档口商身份登录后查看求购详情', en: 'Sign in as a lace manufacturer or trader to see the purchase details' },
  [T.PURCHASE_OPEN_LIMIT]: { zh: '同时进行中的求购最多50条', en: 'You can have at most 50 open purchase requests' },
  [T.RESPONSE_NOT_FOUND]: { zh: '报价不存在', en: 'This response does not exist' },
  [T.RESPONSE_ONE_PER_COMPANY]: { zh: '每家公司对一条求购只能报价一次，可修改已有报价', en: 'Each company responds once to a request; edit your existing response instead' },
  [T.RESPONSE_LIMIT]: { zh: '该求购已有10家报价，不再接受新的报价', en: 'This request already has 10 responses and takes no more' },
  [T.RESPONSE_LADDER]: { zh: '请填写正确的阶梯价格：数量递增、价格不递增，最多6档', en: 'Please give a correct price ladder: quantities rising, prices not rising, at most 6 steps' },
  [T.RESPONSE_NEEDS_COMPANY]: { zh: '入驻平台的花边厂或档口商才能报价', en: 'Only settled lace manufacturers and traders can respond' },
  [T.RESPONSE_OWN_REQUEST]: { zh: '不能对自己的求购报价', en: 'You cannot respond to your own request' },
  [T.RESPONSE_LOCKED]: { zh: '买家已选定供应商，报价不能再修改', en: 'The buyer has chosen a supplier; responses can no longer change' },
  [T.RESPONSE_FIELDS]: { zh: '请填写正确的交期（0-365天）、备注（不超过200字）和最多6张图片', en: 'Please give a lead time of 0-365 days, a note of at most 200 characters and at most 6 pictures' },
  [T.RESPONSE_PRODUCT_NOT_OURS]: { zh: '只能关联本公司的商品', en: "You can link only your own company's products" },
  [T.RESPONSE_PRODUCT_NOT_ON_SALE]: { zh: '关联的商品不存在或未上架，请选择在售商品', en: 'The linked product does not exist or is not on sale; please choose one on sale' },
  [T.RESPONSE_UNIT_FACTOR]: { zh: '报价单位与求购单位不同，请填写换算关系', en: 'Your unit differs from the request\'s: please say how many of its units one of yours is' },
  [T.SUPPLY_NOT_FOUND]: { zh: '供应信息不存在', en: 'This supply offer does not exist' },
  [T.SUPPLY_DESCRIPTION]: { zh: '描述须为1-50个字符', en: 'The description must be 1-50 characters' },
  [T.SUPPLY_QUANTITY]: { zh: '请输入正确的数量', en: 'Please enter a correct quantity' },
  [T.SUPPLY_IMAGE]: { zh: '请上传您本人上传的花型图片', en: 'Please upload a pattern image (one you uploaded)' },
  [T.SUPPLY_CATALOGUE]: { zh: '请选择花型类别和单位', en: 'Please choose a pattern type and a unit' },
  [T.SUPPLY_SELLERS_ONLY]: { zh: '只有花边厂和档口商可以发布供应', en: 'Only lace manufacturers and traders can post supply offers' },
  [T.SUPPLY_BUYERS_ONLY]: { zh: '供应详情仅对服装设计师（买家）开放', en: 'Supply details are open only to clothing designers (buyers)' },
  [T.SUPPLY_SIGN_IN]: { zh: '请以服装设计师（买家）身份登录后查看供应详情', en: 'Sign in as a clothing designer (buyer) to see the supply details' },
  [T.SUPPLY_ACTION_NOT_ALLOWED]: { zh: '供应信息当前状态下不能进行此操作', en: 'This supply offer cannot do that in its current state' },
  [T.SUPPLY_OPEN_LIMIT]: { zh: '同时在售的供应最多100条', en: 'You can have at most 100 open supply offers' },
};
