/**
 * The operator replies' schemas, one module per family of calls, so each lands in the chunk of the code that makes
 * those calls rather than all of them in the first one (a module is bundled whole).
 */
export type { ReplySchema } from './replies/parts';
export * from './replies/status';
export * from './replies/session';
export * from './replies/gclub';
export * from './replies/ufa';
export * from './replies/lobby';
export * from './replies/wallet';
export { validate, type Validation } from './validate';
