// tfjs with its wasm backend (binaries ship inside @tensorflow/tfjs-backend-wasm); the pure-JS cpu
// backend is the fallback when wasm cannot start. Initialised once per thread.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

export type TfBackend = 'wasm' | 'cpu';
let ready: Promise<TfBackend> | undefined;

function wasmDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + path.sep;
}

/** Picks the backend: the preferred one if it starts, else cpu. Returns the one in use. */
export function initTf(prefer: TfBackend = 'wasm'): Promise<TfBackend> {
  ready ??= (async () => {
    if (prefer === 'wasm') {
      try {
        setWasmPaths(wasmDir());
        if (await tf.setBackend('wasm')) {
          await tf.ready();
          return 'wasm' as const;
        }
      } catch {
        // fall through to cpu
      }
    }
    await tf.setBackend('cpu');
    await tf.ready();
    return 'cpu' as const;
  })();
  return ready;
}

export { tf };
