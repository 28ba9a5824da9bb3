#!/usr/bin/env node
// `npm start`: build when the bundles are missing or older than the sources, then run both services
// (or the one named by --role) from the server bundle.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverBundle = path.join(root, 'dist/server/main.js');
const manifest = path.join(root, 'dist/client/manifest.json');
const sourceDirs = ['server', 'api', 'client', 'isomorphic', 'views', 'config'];
const sourceFiles = ['main.ts', 'webpack.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(serverBundle) || !fs.existsSync(manifest)) return true;
  const built = Math.min(fs.statSync(serverBundle).mtimeMs, fs.statSync(manifest).mtimeMs);
  const sources = Math.max(...sourceDirs.map((d) => newestMtime(path.join(root, d))), ...sourceFiles.map((f) => newestMtime(path.join(root, f))));
  return sources > built;
}

if (needsBuild()) {
  console.log('Building the marketplace (first start or changed sources)…');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// React and its router pick their production builds from NODE_ENV; the product runs them unless told otherwise.
process.env.NODE_ENV ??= 'production';
process.chdir(root);
await import(serverBundle);
