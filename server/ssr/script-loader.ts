// When the page's scripts are fetched: after the first paint and once the first screen's pictures (every
// picture not loading="lazy") have been decoded and painted, at the visitor's first touch, click, key or
// focus (a control that needs the script then gets it at once instead of after the pictures), or after
// 3 s, whichever is first. Issue 20: the scripts (74 KB on home)
// were fetched with the page and shared a phone's bandwidth with the pictures the visitor looks at first;
// the page works without them (its links and the search form are plain HTML), the script adds the rest.
// Painted, not only loaded: a picture is decoded and painted some frames after its load event, and scripts
// fetched in between were, in Lighthouse's traces, counted into the largest paint (product page LCP
// 1.6 -> 2.05 s in the run where they were).
// The entry and the chunks it imports are then fetched together (modulepreload), as before, and the whole
// stylesheets of which the page carries only the rules its markup uses (server/ssr/page-css.ts): each is
// marked data-pending until it has loaded or failed, and the entry waits for them before it hydrates
// (client/stylesheets-ready.ts), so a class the script adds finds its rules.

/** Most a page waits for its first screen before it fetches its scripts anyway. */
export const SCRIPT_WAIT_MS = 3000;

/** JavaScript (ES5, for the inline bootstrap) that fetches the module `entry`, preloads `modules` and
 *  links `stylesheets`. */
export function scriptLoader(entry: string, modules: readonly string[], stylesheets: readonly string[] = []): string {
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');
  return `(function(d,w,c,m,e){var s=0;function go(){if(s)return;s=1;c.forEach(function(h){var l=d.createElement('link');l.rel='stylesheet';l.href=h;l.setAttribute('data-pending','');l.onload=l.onerror=function(){l.removeAttribute('data-pending')};d.head.appendChild(l)});`
    + `m.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});var x=d.createElement('script');x.type='module';x.src=e;d.body.appendChild(x)}`
    + `function painted(){w.requestAnimationFrame(function(){w.requestAnimationFrame(function(){w.setTimeout(go,0)})})}`
    + `function wait(){var p=[].filter.call(d.images,function(i){return i.loading!=='lazy'}),n=p.length;if(!n)return go();p.forEach(function(i){function f(){if(--n===0)painted()}`
    + `function g(){i.decode?i.decode().then(f,f):f()}if(i.complete)g();else{i.addEventListener('load',g);i.addEventListener('error',f)}})}`
    + `['pointerdown','touchstart','keydown','focusin'].forEach(function(t){d.addEventListener(t,go,{capture:true,once:true,passive:true})});`
    + `w.requestAnimationFrame(function(){w.setTimeout(wait,0)});w.setTimeout(go,${SCRIPT_WAIT_MS})})(document,window,${json(stylesheets)},${json(modules)},${json(entry)});`;
}
