// Every api module, registered as an encapsulated route plugin (never wrapped in fastify-plugin).
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../deps';

type ModulePlugin = (app: FastifyInstance, opts: { deps: ApiDeps }) => Promise<void>;

const modules: ModulePlugin[] = [];

export async function registerModules(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  for (const plugin of modules) await app.register(plugin, { deps });
}
