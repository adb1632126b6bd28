// Stylesheets imported for their side effect: the build bundles them (TypeScript only needs to know they exist).
declare module '*.css';
