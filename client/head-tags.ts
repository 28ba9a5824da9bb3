// React 19's document metadata in the browser, for Preact. A page renders its <title>, <meta> and <link>
// where it likes (SeoHead, PersonTitle, the console frames); React on the server hoists them into <head>.
// Preact would put them in the body instead, so every such element becomes a HeadTag that renders
// nothing in place and keeps one element in <head> while it is mounted: on hydration it adopts the
// element the server wrote there (same tag, attributes and text), on a client navigation it adds one, and
// it removes it when its page goes. A new <title> goes before the others, so the newest page names the
// document, as React does. No <title>, <meta> or <link> is rendered inside an <svg> of ours (React keeps
// those in place; this hook would not).
import { options, type VNode } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

const HOISTED = new Set(['title', 'meta', 'link']);
/** JSX prop names whose attribute is not their lower-cased name. */
const ATTRIBUTE: Record<string, string> = { httpEquiv: 'http-equiv', className: 'class' };
/** Elements a HeadTag put into <head> or took over from the server's. */
const owned = new WeakSet<Element>();

interface Spec { tag: string; attrs: Array<[string, string]>; text: string }

function describe(tag: string, props: Record<string, unknown>): Spec {
  const attrs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'key' || name === 'ref' || value == null || value === false || typeof value === 'function') continue;
    attrs.push([ATTRIBUTE[name] ?? name.toLowerCase(), value === true ? '' : String(value)]);
  }
  const children = props.children;
  const text = tag === 'title' ? (Array.isArray(children) ? children.join('') : String(children ?? '')) : '';
  return { tag, attrs, text };
}

function matches(el: Element, spec: Spec): boolean {
  if (owned.has(el) || el.localName !== spec.tag || el.attributes.length !== spec.attrs.length) return false;
  if (spec.tag === 'title' && el.textContent !== spec.text) return false;
  return spec.attrs.every(([name, value]) => el.getAttribute(name) === value);
}

function place(spec: Spec): Element {
  const head = document.head;
  const found = [...head.children].find((el) => matches(el, spec));
  if (found) return found;
  const el = document.createElement(spec.tag);
  for (const [name, value] of spec.attrs) el.setAttribute(name, value);
  if (spec.tag === 'title') {
    el.textContent = spec.text;
    head.insertBefore(el, head.querySelector('title'));
  } else {
    head.appendChild(el);
  }
  return el;
}

function HeadTag({ spec }: { spec: Spec }): null {
  const key = JSON.stringify(spec);
  useLayoutEffect(() => {
    const el = place(spec);
    owned.add(el);
    return () => {
      owned.delete(el);
      el.remove();
    };
    // The element follows the description, not the object's identity.
  }, [key]);
  return null;
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string' && HOISTED.has(vnode.type)) {
    const props = vnode.props as Record<string, unknown>;
    // <meta itemprop> and <link rel="stylesheet" precedence> are not document metadata React hoists.
    if (!('itemProp' in props) && !('itemprop' in props)) {
      vnode.props = { spec: describe(vnode.type, props) } as never;
      (vnode as { type: unknown }).type = HeadTag;
    }
  }
  if (previous) previous(vnode);
};
