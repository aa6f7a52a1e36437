import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The project root (where package.json is), whether running from src/ or from dist/. */
function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the application folder');
    dir = parent;
  }
  return dir;
}

const ROOT = projectRoot();

/** Templates and static files are read from the source tree: no build step for the front end. */
export const VIEWS_DIR = join(ROOT, 'src', 'app', 'views');
export const STATIC_DIR = join(ROOT, 'src', 'app', 'static');
