// When the page's scripts are fetched: after the first paint and the first screen's pictures (every
// picture not loading="lazy"), at the visitor's first touch, click, key or focus (a control that needs the
// script then gets it at once instead of after the pictures), or after 3 s, whichever is first. Issue 20: the scripts (74 KB on home)
// were fetched with the page and shared a phone's bandwidth with the pictures the visitor looks at first;
// the page works without them (its links and the search form are plain HTML), the script adds the rest.
// The entry and the chunks it imports are then fetched together (modulepreload), as before.

/** Most a page waits for its first screen before it fetches its scripts anyway. */
export const SCRIPT_WAIT_MS = 3000;

/** JavaScript (ES5, for the inline bootstrap) that fetches the module `entry` and preloads `modules`. */
export function scriptLoader(entry: string, modules: readonly string[]): string {
  const urls = JSON.stringify(modules).replace(/</g, '\\u003c');
  return `(function(d,w,m,e){var s=0;function go(){if(s)return;s=1;m.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});var x=d.createElement('script');x.type='module';x.src=e;d.body.appendChild(x)}`
    + `function wait(){var p=[].filter.call(d.images,function(i){return i.loading!=='lazy'&&!i.complete}),n=p.length;if(!n)return go();p.forEach(function(i){function f(){if(--n===0)go()}i.addEventListener('load',f);i.addEventListener('error',f)})}`
    + `['pointerdown','touchstart','keydown','focusin'].forEach(function(t){d.addEventListener(t,go,{capture:true,once:true,passive:true})});`
    + `w.requestAnimationFrame(function(){w.setTimeout(wait,0)});w.setTimeout(go,${SCRIPT_WAIT_MS})})(document,window,${urls},${JSON.stringify(entry).replace(/</g, '\\u003c')});`;
}
