// Writes the page state into the document. devalue escapes `<` (and line separators), so no value, such
// as a product title containing `</script>`, can close the script; route errors become plain data.
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
  return `window.${STATE_GLOBAL}=${uneval(state)};`;
}

