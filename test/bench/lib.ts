// Shared pieces of the benchmarks: child services from the built bundle, autocannon runs, the report file.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '../..');

export interface Service { proc: ChildProcess; url: string; stop(): Promise<void> }

export async function waitFor(url: string, timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready`);
}

/** Runs `node dist/server/main.js` (or another script) with the given env until stop(). */
export async function startService(args: string[], env: Record<string, string>, readyUrl: string): Promise<Service> {
  const proc = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitFor(readyUrl);
  return {
    proc,
    url: readyUrl.replace(/\/(healthz|readyz)$/, ''),
    stop: () => new Promise<void>((resolve) => { proc.once('exit', () => resolve()); proc.kill('SIGTERM'); }),
  };
}

export interface Measured { name: string; reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number }

export async function measure(name: string, url: string, opts: { connections?: number; duration?: number; headers?: Record<string, string> } = {}): Promise<Measured> {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, connections: opts.connections ?? 10, duration: 2, headers: opts.headers });
  const r = await autocannon({ url, connections: opts.connections ?? 10, duration: opts.duration ?? 10, headers: opts.headers });
  return { name, reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/**
 * One keep-alive GET timed from the call to the answer's last byte (performance.now, sub-millisecond):
 * the milliseconds when the answer is a 200, undefined for any other status or an error (the fixed-rate
 * loops count those as errors).
 */
export function timedGet(url: string, agent: http.Agent, headers?: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : undefined));
      res.on('error', () => resolve(undefined));
    }).on('error', () => resolve(undefined));
  });
}

/** CPU seconds (user + system) a process has used so far (/proc/<pid>/stat, in clock ticks of 1/100 s), 0 when it cannot be read. */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/**
 * Replaces (or appends) one `## heading` section of docs/benchmarks.md, leaving the others alone: the text from the
 * heading to the next `## ` or `### ` heading, so that hand-written `###` subsections (earlier sessions' runs, under
 * the section they belong to) stay.
 */
export function writeSection(heading: string, body: string): void {
  const file = path.join(root, 'docs/benchmarks.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n\nWritten by `npm run bench` and `npm run bench:image-search`; each section says its machine and date.\n';
  const marker = `## ${heading}\n`;
  const start = text.indexOf(marker);
  const section = `${marker}\n${body.trim()}\n\n`;
  if (start === -1) text = `${text.trimEnd()}\n\n${section}`;
  else {
    const rest = text.slice(start + marker.length);
    const next = rest.search(/\n#{2,3} /);
    text = text.slice(0, start) + section + (next === -1 ? '' : rest.slice(next + 1));
  }
  fs.writeFileSync(file, text.trimEnd() + '\n');
}

export const fmt = (n: number, d = 1) => n.toFixed(d);
