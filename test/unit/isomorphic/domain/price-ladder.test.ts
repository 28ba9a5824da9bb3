// The quantity price ladder both bulk products (issue 17) and purchase-request responses (issue 19) use.
import t from 'tap';
import { ladderMinimum, ladderProblem, ladderStep, ladderUnitPrice, PriceLadderLimits } from '../../../../isomorphic/domain/price-ladder';

const ladder = [{ from: 100, price: 1200 }, { from: 1000, price: 1050 }];

t.test('a quantity is priced by the last step it reaches', async (t) => {
  t.equal(ladderUnitPrice(ladder, 99), null, 'below the minimum order there is no price');
  t.equal(ladderUnitPrice(ladder, 100), 1200, 'the first step starts at its own quantity');
  t.equal(ladderUnitPrice(ladder, 999), 1200);
  t.equal(ladderUnitPrice(ladder, 1000), 1050);
  t.equal(ladderUnitPrice(ladder, 1200), 1050);
  t.same(ladderStep(ladder, 5000), { from: 1000, price: 1050 });
  t.equal(ladderMinimum(ladder), 100);
  t.equal(ladderMinimum([]), null);
});

t.test('what a ladder must be to be saved', async (t) => {
  t.equal(ladderProblem(ladder), null);
  t.equal(ladderProblem([]), 'empty');
  t.equal(ladderProblem(Array.from({ length: PriceLadderLimits.maxSteps + 1 }, (_, i) => ({ from: i + 1, price: 100 }))), 'tooManySteps');
  t.equal(ladderProblem([{ from: 1.5, price: 100 }]), 'notWhole');
  t.equal(ladderProblem([{ from: 0, price: 100 }]), 'outOfRange');
  t.equal(ladderProblem([{ from: 1, price: 0 }]), 'outOfRange');
  t.equal(ladderProblem([{ from: 1, price: PriceLadderLimits.maxPrice + 1 }]), 'outOfRange');
  t.equal(ladderProblem([{ from: 100, price: 100 }, { from: 100, price: 90 }]), 'notAscending');
  t.equal(ladderProblem([{ from: 100, price: 100 }, { from: 200, price: 110 }]), 'dearerLater');
});
