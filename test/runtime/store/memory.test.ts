import { createMemoryStore } from '../../../runtime/store/memory.ts';
import { testStore } from '../../helpers/store-contract.ts';

testStore('memory', (now) => createMemoryStore({ now }));
