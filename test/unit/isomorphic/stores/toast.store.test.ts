// Toasts belong to their page (issue 23): a new page clears them unless carried over once, a success
// replaces the errors of an earlier try, the same message twice shows once.
import t from 'tap';
import { ToastStore } from '../../../../isomorphic/stores/toast.store';

const texts = (s: ToastStore) => s.items.map((x) => `${x.kind}:${x.text}`);

t.test('a new page clears the old page\'s toasts', async (t) => {
  const s = new ToastStore();
  s.error('Please choose a colour card first');
  s.pageChanged();
  t.same(texts(s), []);
});

t.test('a carried toast survives exactly one page change', async (t) => {
  const s = new ToastStore();
  s.success('Signed in', { carry: true });
  s.error('old');
  s.pageChanged();
  t.same(texts(s), ['success:Signed in'], 'the message that explains the move stays on the new page');
  s.pageChanged();
  t.same(texts(s), [], 'and goes with the next one');
});

t.test('a success replaces earlier errors; duplicates show once', async (t) => {
  const s = new ToastStore();
  s.error('Network error');
  s.error('Network error');
  t.same(texts(s), ['error:Network error']);
  s.success('Added to the cart');
  t.same(texts(s), ['success:Added to the cart']);
});
