// The display units of a cart or order line (issue 17): which units a product offers, the exact factors,
// the shown quantity and unit price (priced by the api in the product's own unit), and the texts.
import t from 'tap';
import { BuyType, Unit } from '../../../../isomorphic/domain/catalogue';
import { displayedLine, displayedQuantityParts, displayFactor, displayUnitsOf, roundQuantity } from '../../../../isomorphic/domain/units';

t.test('the units a product offers', async (t) => {
  t.same(displayUnitsOf(Unit.METRE, null), [Unit.METRE, Unit.YARD]);
  t.same(displayUnitsOf(Unit.YARD, 150), [Unit.YARD, Unit.METRE, Unit.KILO], 'kilograms only with a weight per metre');
  t.same(displayUnitsOf(Unit.STRIP, 150), [Unit.STRIP], 'a strip is a count');
  t.same(displayUnitsOf(Unit.KILO, null), [Unit.KILO]);
});

t.test('exact factors', async (t) => {
  t.equal(displayFactor(Unit.YARD, Unit.METRE, null), 0.9144, 'a yard is 0.9144 m exactly');
  t.equal(displayFactor(Unit.METRE, Unit.YARD, null), 1 / 0.9144);
  t.equal(displayFactor(Unit.METRE, Unit.KILO, 150), 0.15, '150 g a metre');
  t.equal(displayFactor(Unit.YARD, Unit.KILO, 200), (0.9144 * 200) / 1000);
  t.equal(displayFactor(Unit.METRE, Unit.KILO, null), null, 'no kilograms without a weight');
  t.equal(displayFactor(Unit.STRIP, Unit.METRE, null), null);
  t.equal(displayFactor(Unit.STRIP, Unit.STRIP, null), 1);
});

t.test("a line in the buyer's unit", async (t) => {
  t.same(displayedLine(1200, 1050, Unit.METRE, Unit.YARD, null), { unit: Unit.YARD, quantity: 1200 / 0.9144, unitPrice: 960, own: false }, '¥10.50 a metre is ¥9.60 a yard (960.12 cents, to the cent)');
  t.same(displayedLine(1200, 1050, Unit.METRE, Unit.KILO, 150), { unit: Unit.KILO, quantity: 180, unitPrice: 7000, own: false }, '1,200 m at 150 g/m is 180 kg at ¥70.00');
  t.same(displayedLine(1000, 900, Unit.YARD, Unit.METRE, null), { unit: Unit.METRE, quantity: 914.4, unitPrice: 984, own: false }, '¥9.00 a yard is ¥9.84 a metre (984.25)');
  t.same(displayedLine(10, null, Unit.METRE, Unit.YARD, null).unitPrice, null, 'a price by negotiation stays one');
  t.same(displayedLine(10, 100, Unit.METRE, Unit.KILO, null), { unit: Unit.METRE, quantity: 10, unitPrice: 100, own: true }, 'a unit not offered: the product\'s own');
  t.same(displayedLine(10, 100, Unit.METRE, null, null), { unit: Unit.METRE, quantity: 10, unitPrice: 100, own: true });
  t.equal(roundQuantity(1200 / 0.9144), 1312.3);
  t.equal(roundQuantity(180.00000000000003), 180);
});

/** The line as a page shows it: the quantity, then the gap and the note when there is one (LineQuantity). */
function displayedQuantityText(...args: Parameters<typeof displayedQuantityParts>): string {
  const p = displayedQuantityParts(...args);
  return p.note ? `${p.shown}${p.gap}${p.note}` : p.shown;
}

t.test('the texts, both languages', async (t) => {
  t.equal(displayedQuantityText(1200, Unit.METRE, BuyType.BULK, Unit.YARD, null, 'zh'), '1,312.3 码（按 1,200 米计价）');
  t.equal(displayedQuantityText(1200, Unit.METRE, BuyType.BULK, Unit.YARD, null, 'en'), '1,312.3 yards (priced as 1,200 metres)');
  t.equal(displayedQuantityText(1200, Unit.METRE, BuyType.BULK, Unit.KILO, 150, 'en'), '180 kilos (priced as 1,200 metres)');
  t.same(displayedQuantityParts(1200, Unit.METRE, BuyType.BULK, Unit.YARD, null, 'zh'), { shown: '1,312.3 码', gap: '', note: '（按 1,200 米计价）' }, 'the parts the pages keep whole');
  t.same(displayedQuantityParts(1200, Unit.METRE, BuyType.BULK, Unit.YARD, null, 'en'), { shown: '1,312.3 yards', gap: ' ', note: '(priced as 1,200 metres)' });
  t.same(displayedQuantityParts(1200, Unit.METRE, BuyType.BULK, null, null, 'en'), { shown: '1,200 metres', gap: ' ', note: '(about 1,312.3 yards)' }, 'in the product\'s own unit the other length unit is the note, kept whole under it in a narrow column');
  t.same(displayedQuantityParts(1200, Unit.METRE, BuyType.BULK, null, null, 'zh'), { shown: '1,200 米', gap: '', note: '（约 1,312.3 码）' });
  t.same(displayedQuantityParts(3, Unit.METRE, BuyType.SAMPLE_CUT, null, null, 'en'), { shown: '3', gap: '', note: null }, 'no note on a count');
  t.equal(displayedQuantityText(1200, Unit.METRE, BuyType.BULK, null, null, 'zh'), '1,200 米（约 1,312.3 码）', "the product's own unit, as before");
  t.equal(displayedQuantityText(3, Unit.METRE, BuyType.SAMPLE_CUT, Unit.YARD, null, 'en'), '3', 'sample cuts are a count');
});
