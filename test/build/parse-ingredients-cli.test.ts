import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'build', 'parse-ingredients-cli.ts');

function run(input: string, args: string[] = []) {
  return spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, input, encoding: 'utf8' });
}

describe('parse-ingredients CLI', () => {
  it('answers each input line with one JSON line, empty lines included', () => {
    const input = '2 cups flour\n\n1 (14 oz) can tomatoes\n((( odd <b>\n   \n';
    const res = run(input);
    expect(res.status).toBe(0);
    expect(res.stderr).not.toMatch(/\bat .*\.ts:\d+/u);
    const out = res.stdout.split('\n');
    expect(out.at(-1)).toBe('');
    const objects = out.slice(0, -1).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects).toHaveLength(5);
    expect(objects[0]).toMatchObject({ display: '2 cups flour', name: 'flour', quantity: { unit: 'cup', value: 2 } });
    expect(objects[1]).toEqual({ display: '', name: '', optional: false });
    expect(objects[2]).toMatchObject({ name: 'tomatoes', quantity: { unit: 'can', value: 1 } });
    expect(objects[3]).toMatchObject({ name: '((( odd' });
    expect(objects[4]).toEqual({ display: '', name: '', optional: false });
  });

  it('answers a last line without a newline and uses --language', () => {
    const res = run('2 msk smör\n1 krm salt', ['--language', 'sv']);
    const objects = res.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects).toHaveLength(2);
    expect(objects[0]).toMatchObject({ name: 'smör', quantity: { unit: 'tbsp', value: 2 } });
    expect(objects[1]).toMatchObject({ name: 'salt', quantity: { unit: 'krm', value: 1 } });
  });

  it('streams a thousand lines in order', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `${i + 1} g sugar`);
    const res = run(`${lines.join('\n')}\n`);
    const objects = res.stdout.trim().split('\n').map((l) => JSON.parse(l) as { quantity?: { value: number } });
    expect(objects).toHaveLength(1000);
    expect(objects.map((o) => o.quantity?.value)).toEqual(lines.map((_, i) => i + 1));
  });

  it('rejects an unknown argument with a usage line, not a stack trace', () => {
    const res = run('x\n', ['--bogus']);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('usage:');
    expect(res.stderr).not.toMatch(/\bat .*:\d+:\d+/u);
  });
});
