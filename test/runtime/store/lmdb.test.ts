import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLmdbStore } from '../../../runtime/store/lmdb.ts';
import { testStore } from '../../helpers/store-contract.ts';

testStore('lmdb', (now) => createLmdbStore({ dir: mkdtempSync(join(tmpdir(), 'rdb-store-')), now }));
