/**
 * Links this package's own commands (`bin` in package.json) into `node_modules/.bin`, so `npx skein` works
 * in a checkout. npm links the commands of a project's dependencies there, never the project's own, and
 * `npx` then looks the name up in the registry instead. Run by `prepare` (after the build), so a clone gets
 * it from `npm install` or `npm ci`; an install of the package as a dependency does not need it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const binDirectory = path.join(root, 'node_modules', '.bin');

for (const [name, target] of Object.entries(manifest.bin ?? {})) {
  const targetPath = path.join(root, target);
  if (!fs.existsSync(targetPath)) {
    throw new Error(`${name}: ${target} does not exist; build first (npm run build)`);
  }
  fs.chmodSync(targetPath, 0o755);
  fs.mkdirSync(binDirectory, { recursive: true });
  const link = path.join(binDirectory, name);
  const relativeTarget = path.relative(binDirectory, targetPath);
  let current = null;
  try {
    current = fs.readlinkSync(link);
  } catch (error) {
    if (error.code !== 'ENOENT' && error.code !== 'EINVAL') throw error;
    if (error.code === 'EINVAL') fs.rmSync(link); // a file, not a link: replace it
  }
  if (current === relativeTarget) continue;
  if (current !== null) fs.rmSync(link);
  fs.symlinkSync(relativeTarget, link);
}
