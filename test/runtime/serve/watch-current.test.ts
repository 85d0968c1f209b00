/** Issue 22, item 6: a new `current` pointer (written by a rename, as the build does) is noticed. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchPointer } from '../../../runtime/serve/watch-current.ts';

const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('runtime/serve/watch-current.ts', () => {
  it('calls back when the pointer is created, replaced by a rename, and not while it stays the same', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rdb-pointer-'));
    const file = path.join(root, 'current');
    let changes = 0;
    const stop = watchPointer(file, () => changes++, 30);
    try {
      await new Promise((r) => setTimeout(r, 150));
      expect(changes).toBe(0);
      fs.writeFileSync(file, 'a\n');
      expect(await waitFor(() => changes === 1, 3_000)).toBe(true);
      fs.writeFileSync(path.join(root, 'current.tmp'), 'b\n');
      fs.renameSync(path.join(root, 'current.tmp'), file);
      expect(await waitFor(() => changes === 2, 3_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 150));
      expect(changes).toBe(2);
    } finally {
      stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
