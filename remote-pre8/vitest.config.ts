import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { isolate: false, environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] } });
