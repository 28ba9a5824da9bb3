// The architecture's import rules, checked by `npm run deps` (part of `npm test`). See api/modules/README.md.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      comment: "A module reaches another module through its service (x.service.ts) or the SQL pieces it exports (x.joins.ts), never its queries, tables or routes.",
      severity: 'error',
      from: { path: '^api/modules/([^/]+)/' },
      to: { path: '^api/modules/[^/]+/.*[.](queries|table|routes)[.]ts$', pathNot: '^api/modules/$1/' },
    },
    {
      name: 'only-schema-collects-tables',
      comment: "Outside the modules, only api/db/schema.ts (which collects them into Kysely's Database) imports a module's tables.",
      severity: 'error',
      from: { pathNot: '^(api/modules/|api/db/schema[.]ts$|test/)' },
      to: { path: '^api/modules/[^/]+/[^/]+[.]table[.]ts$' },
    },
    {
      name: 'seed-and-deps-through-services',
      comment: 'The demo seed and api/deps.ts reach a module through its services and driver interfaces (x.service.ts, x.driver.ts, file/storage.ts), never its internals.',
      severity: 'error',
      from: { path: '^api/(db/seed/|deps[.]ts$)' },
      to: { path: '^api/modules/', pathNot: '^api/modules/[^/]+/[^/]+[.](service|driver)[.]ts$|^api/modules/file/storage[.]ts$' },
    },
    {
      name: 'isomorphic-stays-isomorphic',
      comment: 'isomorphic/ runs in the browser and on the server: it imports neither the web service (server/) nor the api (api/).',
      severity: 'error',
      from: { path: '^isomorphic/' },
      to: { path: '^(server|api)/' },
    },
    {
      name: 'services-apart',
      comment: 'The web service and the api talk over HTTP only: neither imports the other (main.ts starts both).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^api/' },
    },
    {
      name: 'api-not-web',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^server/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
