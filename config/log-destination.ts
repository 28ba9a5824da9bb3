// Where logs go: JSON lines (for collectors) unless the terminal is interactive, where each line is
// printed readably: time, level, service, message, then the remaining fields as key=value.
import type { DestinationStream } from 'pino';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'service', 'v']);

/** One JSON log line as a readable line (exported for the unit test). */
export function prettyLine(json: string, colour: boolean): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = Number(o.level);
  const time = typeof o.time === 'number' ? new Date(o.time).toTimeString().slice(0, 8) : '';
  const label = LEVELS[level] ?? String(o.level);
  const paint = (code: string, s: string) => (colour ? `\u001b[${code}m${s}\u001b[0m` : s);
  const rest = Object.entries(o).filter(([k]) => !SKIP.has(k)).map(([k, v]) => {
    if (k === 'err' && v && typeof v === 'object') return `\n    ${String((v as { stack?: string }).stack ?? (v as { message?: string }).message ?? '')}`;
    return `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`;
  });
  const service = o.service ? paint('36', `[${String(o.service)}]`) : '';
  return `${paint('90', time)} ${paint(COLOURS[level] ?? '0', label)} ${service} ${String(o.msg ?? '')}${rest.length ? ` ${paint('90', rest.join(' '))}` : ''}\n`;
}

/** A pretty destination when stdout is a terminal; undefined (pino's JSON to stdout) otherwise. */
export function logDestination(): DestinationStream | undefined {
  if (!process.stdout.isTTY) return undefined;
  return { write: (chunk: string) => { process.stdout.write(chunk.split('\n').filter(Boolean).map((l) => prettyLine(l, true)).join('')); } };
}
