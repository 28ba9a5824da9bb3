// A task the api runs every so often (sweeps of expired rows, overdue orders): one run at a time, never
// overlapping; a failure is logged and the next run tries again; stopped when the app closes. Every
// replica runs it: each task is a set of idempotent conditional statements, so two replicas at once
// do the work once.
import type { FastifyInstance } from 'fastify';

export function runEvery(app: FastifyInstance, name: string, intervalMs: number, task: (now: Date) => Promise<Record<string, unknown> | null>): void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const done = await task(new Date());
      if (done) app.log.info(done, name);
    } catch (err) {
      app.log.error({ err }, `${name} failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => { void run(); }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => { clearInterval(timer); });
}
