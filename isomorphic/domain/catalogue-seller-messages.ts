// Messages of the seller's catalogue's codes (catalogue-seller-codes.ts), in both languages. Out of the
// shared code table, so that pages other than the seller's do not load them.
import { CatalogueSellerCodes } from './catalogue-seller-codes';

interface Labelled { zh: string; en: string }

export const catalogueSellerCodeMessages: Record<number, Labelled> = {
  [CatalogueSellerCodes.PRODUCT_NOT_FOUND]: { zh: '商品不存在', en: 'This product does not exist' },
  [CatalogueSellerCodes.PRODUCT_TITLE_LENGTH]: { zh: '商品名称须为2-60个字符', en: 'The title must be 2-60 characters' },
  [CatalogueSellerCodes.PRODUCT_CODE_LENGTH]: { zh: '花型编号须为1-30个字符', en: 'The pattern code must be 1-30 characters' },
  [CatalogueSellerCodes.PRODUCT_CHOICE_INVALID]: { zh: '请从列表中选择类别、形态、单位和花边属性', en: 'Please choose the type, shape, unit and lace attributes from the lists' },
  [CatalogueSellerCodes.PRODUCT_PRICE_INVALID]: { zh: '剪版价格须为0.01-1,000,000元，或留空表示面议', en: 'The cut-plate price must be ¥0.01-1,000,000, or empty for price by negotiation' },
  [CatalogueSellerCodes.PRODUCT_LADDER_INVALID]: {
    zh: '大货阶梯价：最多6档，起订量递增，价格不能越买越贵', en: 'Bulk price ladder: at most 6 steps, quantities rising, no step dearer than the one before',
  },
  [CatalogueSellerCodes.PRODUCT_PICTURES_REQUIRED]: { zh: '请至少上传一张商品图片', en: 'Please upload at least one picture' },
  [CatalogueSellerCodes.PRODUCT_TOO_MANY_PICTURES]: { zh: '每个商品最多12张图片', en: 'A product can have at most 12 pictures' },
  [CatalogueSellerCodes.PRODUCT_IMAGE_NOT_OWNED]: { zh: '图片须为您本人上传的图片', en: 'Pictures must be ones you uploaded' },
  [CatalogueSellerCodes.PRODUCT_COVER_NOT_PICTURE]: { zh: '封面须为商品图片之一', en: 'The cover must be one of the pictures' },
  [CatalogueSellerCodes.COLOUR_CARDS_REQUIRED]: { zh: '请至少添加一个色卡', en: 'Please add at least one colour card' },
  [CatalogueSellerCodes.COLOUR_CARD_INVALID]: { zh: '色卡名称须为1-20个字符，颜色须为#RRGGBB', en: 'A colour card needs a name of 1-20 characters and a colour as #RRGGBB' },
  [CatalogueSellerCodes.COLOUR_CARD_NOT_FOUND]: { zh: '色卡不存在', en: 'This colour card does not exist' },
  [CatalogueSellerCodes.COLOUR_CARDS_TOO_MANY]: { zh: '每个商品最多30个色卡', en: 'A product can have at most 30 colour cards' },
  [CatalogueSellerCodes.PRODUCT_TAKEN_DOWN]: { zh: '该商品已被平台下架，不能重新上架', en: 'The platform took this product down; it cannot be put back on sale' },
  [CatalogueSellerCodes.PRODUCT_TEXT_TOO_LONG]: { zh: '成分不超过100个字符，描述不超过2000个字符', en: 'Composition at most 100 characters, description at most 2,000' },
  [CatalogueSellerCodes.PRODUCT_WIDTH_INVALID]: { zh: '门幅须为1-1000厘米', en: 'The width must be 1-1,000 cm' },
  [CatalogueSellerCodes.BELOW_MINIMUM_ORDER]: { zh: '大货数量低于该商品每色起订量', en: 'The bulk quantity is below this product\'s minimum order per colour' },
  [CatalogueSellerCodes.TAKEDOWN_REASON_REQUIRED]: { zh: '请填写下架原因（2-200个字符）', en: 'Please give the reason for taking it down (2-200 characters)' },
  [CatalogueSellerCodes.COLOUR_CARD_LAST]: { zh: '商品至少保留一个色卡', en: 'A product keeps at least one colour card' },
  [CatalogueSellerCodes.COPY_FLAG_NOT_FOUND]: { zh: '该疑似抄款记录不存在或已处理', en: 'This possible copy does not exist or was already decided' },
  [CatalogueSellerCodes.DISPLAY_UNIT_NOT_OFFERED]: { zh: '该商品不能按所选单位显示（米与码仅限长度商品，公斤仅限卖家填写了每米克重的商品）', en: 'This product cannot be shown in the chosen unit (metres and yards only for lengths, kilograms only where the seller gives a weight per metre)' },
  [CatalogueSellerCodes.PRODUCT_WEIGHT_INVALID]: { zh: '每米克重须为1-10,000克的整数，或留空', en: 'The weight per metre must be a whole number of grams from 1 to 10,000, or empty' },
  [CatalogueSellerCodes.COPY_REASON_REQUIRED]: { zh: '请填写处理原因（2-200个字符）', en: 'Please give the reason (2-200 characters)' },
};

