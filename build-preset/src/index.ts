// Build-time only (read by each package's rsbuild and federation config under Node).
export * from './federation';
export { devReleaseSigningPlugin } from './dev-release-signing.mjs';
export { themeTokensCss, themeTokensPlugin } from './theme-tokens-css';
export { DRAWING_ENVIRONMENT, WEB_ENVIRONMENT, drawingEnvironment, exposedModules } from './drawing-build';
