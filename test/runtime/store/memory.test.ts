import { createMemoryStore } from '../../../runtime/store/memory.ts';
import { testStore } from './store-contract.ts';

testStore('memory', (now) => createMemoryStore({ now }));
