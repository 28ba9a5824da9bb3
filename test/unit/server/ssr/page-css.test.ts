import t from 'tap';
import { documentClasses, PageCss, parseCss } from '../../../../server/ssr/page-css';
import { withPageCss } from '../../../../server/ssr/render';
import { PAGE_CSS_MARK } from '../../../../views/document';

const sheet = [
  ':root { --ink: #222; }',
  'body { margin: 0; }',
  '.card { display: block; }',
  '.card__title, .modal__title { font-weight: 600; }',
  '.modal { position: fixed; }',
  '.grid > .card:hover { outline: 0; }',
  '.js .lz--fade img { opacity: 0; }',
  'a:not(.button) { color: red; }',
  '[href$=".pdf"]::after { content: "pdf"; }',
  '@media (max-width: 560px) { .card { padding: 0; } .modal { inset: 0; } }',
  '@media (min-width: 900px) { .modal { width: 30rem; } }',
  '@keyframes spin { to { transform: rotate(360deg); } }',
].join(' ');

t.test('a page gets the rules its classes can match, in the stylesheet order, and every rule that names no class', async (t) => {
  const css = new PageCss(sheet);
  const page = documentClasses('<ul class="grid"><li class="card"><b class="card__title">x</b><span class="lz lz--fade"></span></li></ul>');
  t.same([...page].sort(), ['card', 'card__title', 'grid', 'js', 'lz', 'lz--fade'], 'the classes of the markup, and .js that the first script adds');
  t.equal(css.forClasses(page), [
    ':root { --ink: #222; }',
    'body { margin: 0; }',
    '.card { display: block; }',
    '.card__title, .modal__title { font-weight: 600; }',
    '.grid > .card:hover { outline: 0; }',
    '.js .lz--fade img { opacity: 0; }',
    'a:not(.button) { color: red; }',
    '[href$=".pdf"]::after { content: "pdf"; }',
    '@media (max-width: 560px){.card { padding: 0; }}',
    '@keyframes spin { to { transform: rotate(360deg); } }',
  ].join(''));
  t.equal(css.forClasses(new Set(['card', 'modal', 'grid', 'js', 'lz--fade', 'button'])).length > css.forClasses(page).length, true, 'more classes, more rules');
  t.equal(css.forClasses(page), css.forClasses(new Set([...page].reverse())), 'the same classes in another order give the same text');
});

t.test('a stylesheet it cannot read goes whole', async (t) => {
  t.equal(parseCss('@import url(x.css); .a { color: red; }'), null);
  t.equal(parseCss('.a { color: red; '), null);
  const css = new PageCss('.a { color: red; ');
  t.equal(css.forClasses(new Set()), '.a { color: red; ');
});

t.test('withPageCss puts the rules in place of the mark, and leaves a page without the mark alone', async (t) => {
  const css = new PageCss('.a { color: red; } .b { color: blue; }');
  const html = `<html><head><style>${PAGE_CSS_MARK}</style></head><body><p class="a">é</p></body></html>`;
  t.equal(withPageCss(html, [css]), '<html><head><style>.a { color: red; }</style></head><body><p class="a">é</p></body></html>');
  const plain = '<html><body><p class="a">x</p></body></html>';
  t.equal(withPageCss(plain, [css]), plain);
});
