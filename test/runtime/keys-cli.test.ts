/** `npm run keys` (runtime/keys-cli.ts) as a process over a real lmdb state directory. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLmdbStore } from '../../runtime/store/lmdb.ts';
import { verifyKey } from '../../runtime/store/keys.ts';

const CLI = fileURLToPath(new URL('../../runtime/keys-cli.ts', import.meta.url));

function keys(state: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, RECIPES_STATE: state }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('keys CLI', () => {
  const state = join(mkdtempSync(join(tmpdir(), 'rdb-cli-')), 'state');

  it('creates a key and prints exactly one JSON object {id, key, account, expiresAt} with --json', async () => {
    const r = keys(state, 'create', '--account', 'acme', '--expires', '2099-01-01T00:00:00Z', '--json');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const k = JSON.parse(lines[0]!);
    expect(Object.keys(k)).toEqual(['id', 'key', 'account', 'expiresAt']);
    expect(k.account).toBe('acme');
    expect(k.expiresAt).toBe('2099-01-01T00:00:00.000Z');
    // A store opened before the CLI ran (like a running server) sees it.
    const store = createLmdbStore({ dir: state, now: () => Date.now() });
    expect((await verifyKey(store, k.key, Date.now())).status).toBe('ok');
    expect(keys(state, 'disable', k.id).code).toBe(0);
    expect((await verifyKey(store, k.key, Date.now())).status).toBe('disabled');
    await store.close();
    const list = keys(state, 'list', '--json');
    expect(list.code).toBe(0);
    const listed = JSON.parse(list.stdout);
    expect(listed).toHaveLength(1);
    expect(listed[0].status).toBe('disabled');
    expect(list.stdout).not.toContain(k.key);
  });

  it.each([
    [[]],
    [['frobnicate']],
    [['create']],
    [['create', '--account', 'acme', '--expires', 'next tuesday']],
    [['create', '--account', 'has space']],
    [['disable']],
    [['list', '--bogus']],
  ])('exits 2 with a usage message on bad usage %j', (args) => {
    const r = keys(state, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage:');
  });
});
