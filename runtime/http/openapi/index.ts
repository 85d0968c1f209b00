export { OPENAPI } from './document.ts';
