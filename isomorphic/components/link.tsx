// React Router's Link, made cheap on the server. A Link runs eight hooks and resolves its path three times
// (useHref, the click handler, the prefetch check) to write one <a href>: about 4 % of an uncached gallery
// render, which has some ninety links (issue 21 item 1). On the server nothing is clicked or prefetched, so
// a Link to a plain absolute path ('/flower/178', '/flower?patternType=100011&sort=popular') is written as
// the same <a> React Router would write, attribute for attribute, and the browser hydrates it with React
// Router's own Link. Anything else (a relative path, dots, a trailing slash, a hash, an object, a mask,
// prefetching, an external URL) goes to React Router's Link on the server too. link.test.tsx holds the two
// renderings side by side.
import { createElement, forwardRef } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router';

export type { LinkProps };

/** A path React Router would write as it is: absolute, no dot segment, no double or trailing slash, no hash. */
const PLAIN_PATH = /^\/(?:[\w~%@!$'()*+,;=:-]+(?:\/[\w~%@!$'()*+,;=:-]+)*)?(?:\?[^#]+)?$/;

/** Whether a Link's target is written unchanged as its href (see PLAIN_PATH). */
export function isPlainPath(to: LinkProps['to']): to is string {
  return typeof to === 'string' && PLAIN_PATH.test(to);
}

/** Link on the server: the <a> React Router writes for a plain path, React Router's Link for anything else. */
const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const {
    to, discover = 'render', prefetch = 'none', mask,
    // not written to the <a>: React Router uses them on click
    onClick: _onClick, relative: _relative, reloadDocument: _reloadDocument, replace: _replace, state: _state,
    preventScrollReset: _preventScrollReset, viewTransition: _viewTransition, defaultShouldRevalidate: _revalidate,
    target, ...rest
  } = props as LinkProps & { mask?: unknown; defaultShouldRevalidate?: unknown };
  if (!isPlainPath(to) || prefetch !== 'none' || mask !== undefined) return createElement(RouterLink, { ...props, ref });
  return createElement('a', { ...rest, href: to, target, 'data-discover': discover === 'render' ? 'true' : undefined });
});

/** React Router's Link; on the server the cheap one above. */
export const Link: typeof RouterLink = typeof document === 'undefined' ? ServerLink : RouterLink;
