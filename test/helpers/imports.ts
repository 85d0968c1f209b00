/** The modules a source file imports, for layering tests: what each import names and whether it takes only types. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Every .ts file under `dir`. */
export function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFilesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

export interface Import {
  /** As written. */
  spec: string;
  /** The absolute path of a relative import, else the spec. */
  target: string;
  typeOnly: boolean;
}

/** The static and dynamic imports (and re-exports) of `file`. */
export function importsOf(file: string): Import[] {
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(/^(?:import|export)(\s+type)?[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)].map((m) => {
    const spec = m[2] ?? m[3] ?? m[4] ?? '';
    return { spec, target: spec.startsWith('.') ? resolve(dirname(file), spec) : spec, typeOnly: m[1] !== undefined };
  });
}
