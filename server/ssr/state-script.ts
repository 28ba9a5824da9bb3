// Writes the page state into the document as a JavaScript literal. `<` and the line separators are
// escaped, so no value, such as a product title containing `</script>`, can close the script; route errors
// become plain data. The state is plain data (api answers, store snapshots): when it is only JSON's kinds
// of values (an object's property holding undefined is left out) it is written as JSON (a JavaScript literal
// too), three times faster than devalue's uneval,
// which had been several per cent of a render; anything else (undefined, Date, Map, a class, a hole, a
// cycle) goes to uneval as before.
import { uneval } from 'devalue';
import { isRouteErrorResponse } from 'react-router';
import { STATE_GLOBAL, type PageState, type SerializedError } from '../../isomorphic/page-state';

/** Route errors as plain data. Unexpected exceptions keep no message or stack (a 500 shows neither). */
export function serializeErrors(errors: Record<string, unknown> | null | undefined): PageState['router']['errors'] {
  if (!errors) return null;
  const out: Record<string, SerializedError> = {};
  for (const [id, error] of Object.entries(errors)) {
    out[id] = isRouteErrorResponse(error)
      ? { kind: 'response', status: error.status, statusText: error.statusText, data: toPlain(error.data) }
      : { kind: 'error', message: '' };
  }
  return out;
}

function toPlain(value: unknown): unknown {
  try {
    uneval(value);
    return value;
  } catch {
    return typeof value === 'string' ? value : null;
  }
}

/** JavaScript for the page's state script: `window.__LACE_STATE__ = …`. */
export function stateScript(state: PageState): string {
  return `window.${STATE_GLOBAL}=${toLiteral(state)};`;
}

/** A JavaScript expression that evaluates to a copy of `value`, safe inside a <script>. */
export function toLiteral(value: unknown): string {
  let text: string | undefined;
  try {
    text = isJsonData(value) ? JSON.stringify(value) : undefined;
  } catch {
    text = undefined; // a cycle
  }
  if (text === undefined) return uneval(value);
  // Property names bare where they may be (as devalue wrote them): outside strings a `"` only opens or
  // closes one, so `{"` or `,"` followed by a name and `":` is always a property name.
  text = text.replace(QUOTED_NAME, '$1$2:');
  return SCRIPT_UNSAFE.test(text) ? text.replace(SCRIPT_UNSAFE_ALL, (c) => ESCAPES[c]) : text;
}

const QUOTED_NAME = /([{,])"([_$a-zA-Z][_$a-zA-Z0-9]*)":/g;

const SCRIPT_UNSAFE = /[<\u2028\u2029]/;
const SCRIPT_UNSAFE_ALL = /[<\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003C', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * Whether JSON's text of a value, read back as JavaScript, is the same value: only strings, finite
 * numbers other than -0, booleans, null, arrays without holes or undefined, and plain objects (no Date,
 * no class, no `__proto__` key; a property holding undefined is left out, which reads back the same). Depth-limited, so a cycle is not walked forever.
 */
function isJsonData(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string': case 'boolean': return true;
    case 'number': return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': break;
    default: return false;
  }
  if (value === null) return true;
  if (depth > 64) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isJsonData(value[i], depth + 1)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  // Object.prototype of this realm or another (a vm context's), never a class's.
  if (proto !== Object.prototype && (proto === null || Object.getPrototypeOf(proto) !== null || typeof (value as { toJSON?: unknown }).toJSON === 'function')) return false;
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    // A property holding undefined is left out by JSON: read back, it is undefined all the same (a
    // gallery's filters hold a dozen, which had sent every gallery page to uneval).
    if (key === '__proto__' || (v !== undefined && !isJsonData(v, depth + 1))) return false;
  }
  return true;
}
