// `npm start`: builds first when dist/ is missing or older than the sources, then serves.
// Plain JavaScript so that it runs before anything is compiled.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const newest = (dir) => {
  let max = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else max = Math.max(max, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return max;
};
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

const server = path.join(root, 'dist', 'server.cjs');
const pointer = path.join(root, 'dist', 'data', 'current');
const sources = Math.max(...['dataset', 'build', 'runtime'].map((d) => newest(path.join(root, d))));
const built = Math.min(mtime(server), mtime(pointer));
if (!process.env.RECIPES_DATA && built < sources) {
  console.log(built === 0 ? 'No build yet: building first.' : 'Sources changed since the last build: rebuilding.');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
} else if (!fs.existsSync(server)) {
  const r = spawnSync('node', [path.join(root, 'build', 'bundle.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Forward signals so the server can drain (it handles SIGTERM/SIGINT itself).
const child = spawn(process.execPath, [server], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
