/**
 * Reads ingredient lines on stdin and writes one JSON object per line on stdout, so output line N
 * answers input line N (an empty line gives {"display":"","name":"","optional":false}).
 *
 *   printf '2 cups flour\n1 msk smör\n' | npm run --silent parse-ingredients -- --language sv
 *
 * Each object holds the parsed Ingredient fields plus `id` when the catalog knows the name.
 */
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ingredient } from '../runtime/format/recipe.ts';
import { loadCatalog, type Catalog } from './normalize/catalog.ts';
import { parseIngredientLine } from './normalize/ingredient-line.ts';

const USAGE = 'usage: parse-ingredients [--language <code>] < lines.txt';

function parseArgs(argv: string[]): { language: string } | string {
  let language = 'en';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--language' || arg === '-l') {
      const value = argv[++i];
      if (!value || !/^[a-z]{2}$/iu.test(value)) return `--language needs a two-letter code such as 'en' or 'sv'\n${USAGE}`;
      language = value.toLowerCase();
    } else if (arg?.startsWith('--language=')) {
      language = arg.slice('--language='.length).toLowerCase();
    } else if (arg === '--help' || arg === '-h') {
      return USAGE;
    } else {
      return `unknown argument '${arg ?? ''}'\n${USAGE}`;
    }
  }
  return { language };
}

function openCatalog(): Catalog | undefined {
  try {
    return loadCatalog(join(dirname(fileURLToPath(import.meta.url)), '..', 'dataset'));
  } catch (error) {
    process.stderr.write(`parse-ingredients: catalog not loaded, ids left out (${(error as Error).message})\n`);
    return undefined;
  }
}

function describe(line: string, language: string, catalog: Catalog | undefined): Ingredient {
  const parsed: Ingredient = parseIngredientLine(line, language);
  if (!parsed.name || !catalog) return parsed;
  try {
    const id = catalog.match(parsed.name, language);
    if (id) parsed.id = id;
  } catch {
    // A catalog failure on one odd name must not stop the stream.
  }
  return parsed;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n`);
    return args === USAGE ? 0 : 2;
  }
  const catalog = openCatalog();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const ok = process.stdout.write(`${JSON.stringify(describe(line, args.language, catalog))}\n`);
    if (!ok) await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
  }
  return 0;
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A closed pipe (`| head`) is a normal way to stop reading.
  process.exit(error.code === 'EPIPE' ? 0 : 1);
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`parse-ingredients: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
