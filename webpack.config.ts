// Two bundles. client: the browser entry, split per route, content-hashed, CSS extracted, plus
// dist/client/manifest.json that the server reads for its script, modulepreload and stylesheet tags; React
// there is Preact's compat (issue 20's JS budget, docs/benchmarks.md), the server's React is React.
// server: main.ts (web + api) as one ESM file for Node, every package left to node_modules.
// Run through tsx: `node --import tsx node_modules/webpack-cli/bin/cli.js --config webpack.config.ts`.
import path from 'node:path';
import zlib from 'node:zlib';
import { builtinModules } from 'node:module';
import webpack, { type Compiler, type Configuration } from 'webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const root = process.cwd();

function swcRule(target: 'client' | 'server'): webpack.RuleSetRule {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: target === 'client' ? 'es2020' : 'es2022',
          // Keeps the webpackChunkName comments that name the page chunks.
          preserveAllComments: true,
        },
      },
    },
  };
}

interface ManifestFiles { js: string[]; css: string[] }

/** Writes manifest.json: the entry's module and files, and every named chunk group (one per page). */
class RouteManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RouteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RouteManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const split = (files: Iterable<string>): ManifestFiles => {
          const list = [...files].filter((f) => !f.endsWith('.map') && !f.endsWith('.LICENSE.txt'));
          return { js: list.filter((f) => f.endsWith('.js')), css: list.filter((f) => f.endsWith('.css')) };
        };
        const entrypoint = compilation.entrypoints.get('main');
        if (!entrypoint) throw new Error('client entry "main" missing');
        const entryFiles = split(entrypoint.getFiles());
        const entryModule = [...entrypoint.getEntrypointChunk().files].find((f) => f.endsWith('.js'));
        if (!entryModule) throw new Error('client entry chunk has no script');
        const chunks: Record<string, ManifestFiles> = {};
        for (const group of compilation.chunkGroups) {
          if (!group.name || group === entrypoint) continue;
          chunks[group.name] = split(group.getFiles());
        }
        const manifest = { publicPath: compilation.outputOptions.publicPath, entry: { module: entryModule, ...entryFiles }, chunks };
        compilation.emitAsset('manifest.json', new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

/** Writes .br (quality 11) and .gz next to each script and stylesheet; the server sends them as they are. */
class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|css)$/.test(name) || source.size() < 1024) continue;
          const buffer = source.buffer();
          const br = zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } });
          compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(br));
          compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
        }
      });
    });
  }
}

const resolve: webpack.ResolveOptions = { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] };

export const client: Configuration = {
  name: 'client',
  mode: 'production',
  target: ['web', 'es2020'],
  context: root,
  entry: { main: './client/index.tsx' },
  devtool: 'source-map',
  experiments: { outputModule: true },
  output: {
    path: path.join(root, 'dist/client'),
    publicPath: '/',
    filename: 'assets/[name].[contenthash:10].js',
    chunkFilename: 'assets/[name].[contenthash:10].js',
    module: true,
    clean: true,
  },
  resolve: {
    ...resolve,
    // React Router's package points every bundler at its development build.
    alias: {
      // The browser runs Preact through preact/compat (issue 20's JS budget); the server renders with React.
      'react$': 'preact/compat',
      'react-dom$': path.join(root, 'client/react-dom.ts'),
      'react-dom/client$': 'preact/compat/client',
      'react/jsx-runtime$': 'preact/compat/jsx-runtime',
      'react/jsx-dev-runtime$': 'preact/compat/jsx-dev-runtime',
      'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
      'react-router/dom$': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
    },
  },
  module: {
    // import.meta left as written: the bundles are ES modules, and webpack's stand-in carried the module's path on this
    // machine (file:///…/node_modules/react-router/…) into the framework bundle, and with it into its content hash.
    parser: { javascript: { importMeta: false } },
    rules: [
      swcRule('client'),
      { test: /\.m?js$/, resolve: { fullySpecified: false } },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { url: false } }] },
    ],
  },
  optimization: {
    splitChunks: {
      chunks: 'all',
      cacheGroups: {
        // The libraries every page needs, in one long-lived file.
        framework: {
          test: /[\\/]node_modules[\\/](preact|react-router|mobx|mobx-react-lite|use-sync-external-store|cookie|set-cookie-parser|devalue)[\\/]/,
          name: 'framework',
          chunks: 'all',
          priority: 40,
          enforce: true,
        },
      },
    },
  },
  performance: { hints: false },
  plugins: [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:10].css', chunkFilename: 'assets/[name].[contenthash:10].css' }), new RouteManifestPlugin(), new PrecompressPlugin()],
};

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

export const server: Configuration = {
  name: 'server',
  mode: 'production',
  target: 'node20',
  context: root,
  // The image-search extraction worker runs in its own thread and so is its own file next to main.js.
  entry: { main: './main.ts', 'extract.worker': './api/modules/search/engine/extract.worker.ts' },
  devtool: 'source-map',
  experiments: { outputModule: true },
  output: { path: path.join(root, 'dist/server'), filename: '[name].js', module: true, chunkFormat: 'module', library: { type: 'module' }, clean: true },
  resolve: {
    ...resolve,
    // React Router's package points Node at its development build too (checks and warnings on every
    // request, about a tenth of a server render): the server bundles its production build instead.
    alias: { 'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs') },
  },
  externalsType: 'module-import',
  externals: [
    ({ request }, callback) => {
      if (!request) return callback();
      if (request === 'react-router') return callback();
      if (builtins.has(request)) return callback(undefined, request.startsWith('node:') ? request : `node:${request}`);
      // Bare specifiers are packages: Node loads them from node_modules at run time.
      if (!request.startsWith('.') && !path.isAbsolute(request)) return callback(undefined, request);
      return callback();
    },
  ],
  module: {
    // import.meta and createRequire stay as written: they resolve against dist/server/main.js at run time.
    parser: { javascript: { importMeta: false, createRequire: false } },
    rules: [swcRule('server'), { test: /\.m?js$/, resolve: { fullySpecified: false } }],
  },
  node: { __dirname: false, __filename: false, global: false },
  optimization: { minimize: false, nodeEnv: false, splitChunks: false },
  performance: { hints: false },
  plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
};

export default [client, server];
