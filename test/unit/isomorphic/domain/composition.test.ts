// A product's composition in the page's language (issue 23 item 6): fibre names put into the other
// language; a text with words not known is shown as the seller wrote it.
import t from 'tap';
import { compositionIn } from '../../../../isomorphic/domain/composition';

t.test('English compositions on a Chinese page', async (t) => {
  t.equal(compositionIn('60% cotton 40% polyester', 'zh'), '60%棉 40%涤纶');
  t.equal(compositionIn('70% nylon 25% metallic yarn 5% spandex', 'zh'), '70%锦纶 25%金银丝 5%氨纶');
  t.equal(compositionIn('100% Viscose', 'zh'), '100%粘胶', 'whatever the case');
  t.equal(compositionIn('92% nylon 8% elastane', 'zh'), '92%锦纶 8%氨纶', 'elastane is spandex');
  t.equal(compositionIn('60% cotton 40% polyester', 'en'), '60% cotton 40% polyester', 'unchanged on an English page');
});

t.test('Chinese compositions on an English page', async (t) => {
  t.equal(compositionIn('60%棉 40%涤纶', 'en'), '60% cotton 40% polyester');
  t.equal(compositionIn('95%棉 5%氨纶', 'en'), '95% cotton 5% spandex');
  t.equal(compositionIn('100%真丝', 'zh'), '100%真丝');
});

t.test('words not known: the text stays as written, not half translated', async (t) => {
  t.equal(compositionIn('cotton blend', 'zh'), 'cotton blend');
  t.equal(compositionIn('60%棉 40%其他', 'en'), '60%棉 40%其他');
  t.equal(compositionIn('', 'zh'), '');
});
