// groupDigits writes a number as toLocaleString('en-US') does (issue 20: without the browser's Intl,
// whose first call loads the locale data in the middle of hydration). Node's full ICU is the oracle.
import t from 'tap';
import { groupDigits } from '../../../../isomorphic/domain/format';

t.test('the numbers the pages show', async (t) => {
  t.equal(groupDigits(0), '0');
  t.equal(groupDigits(999), '999');
  t.equal(groupDigits(1000), '1,000');
  t.equal(groupDigits(1200), '1,200');
  t.equal(groupDigits(1097.28), '1,097.28');
  t.equal(groupDigits(12_345_678), '12,345,678');
  t.equal(groupDigits(50_000_000), '50,000,000', 'a registered capital of 5,000 (ten thousand yuan)');
  t.equal(groupDigits(1.0005), '1.001', 'half away from zero on the shortest decimal form, as ICU rounds');
  t.equal(groupDigits(99.9995), '100');
  t.equal(groupDigits(-1234.5), '-1,234.5');
});

t.test('the same text as toLocaleString in en-US, en and zh-CN', async (t) => {
  const edge = [0, -0, 1, -1, 0.0005, 0.0004, -0.0005, 0.0625, 2.5e-7, -2.5e-7, 0.1 + 0.2, 9.9995, 999.9995, 1e20, 123456789.123, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity, 1e21, 1.5e22];
  // A fixed pseudo-random sweep over magnitudes and decimals (xorshift, so every run checks the same numbers).
  let x = 2463534242;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 2 ** 32; };
  const sweep: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const v = (next() - 0.3) * 10 ** Math.floor(next() * 13);
    sweep.push(v, Math.round(v), Math.round(v * 10) / 10, Math.round(v * 10_000) / 10_000);
  }
  const wrong = [...edge, ...sweep].filter((v) => groupDigits(v) !== v.toLocaleString('en-US'));
  t.same(wrong.slice(0, 5).map((v) => [v, groupDigits(v), v.toLocaleString('en-US')]), [], `${edge.length + sweep.length} numbers`);
  t.ok(sweep.every((v) => v.toLocaleString('en') === v.toLocaleString('en-US') && v.toLocaleString('zh-CN') === v.toLocaleString('en-US')), 'en and zh-CN write them as en-US does');
});
