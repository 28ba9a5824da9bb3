#!/usr/bin/env node
// tap's terminal reporter (ink, React 18) is hoisted next to our React 19 and would load React 19.
// Point ink at the React 18 that @tapjs/reporter carries, so `tap` runs. Does nothing outside dev installs.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const react18 = path.join(root, 'node_modules/@tapjs/reporter/node_modules/react');
const inkModules = path.join(root, 'node_modules/ink/node_modules');
const link = path.join(inkModules, 'react');
if (fs.existsSync(react18) && fs.existsSync(inkModules) && !fs.existsSync(link)) {
  fs.symlinkSync(path.relative(inkModules, react18), link, 'dir');
}
