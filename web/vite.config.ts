import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

// `npm run dev` serves the client here and sends /api to the server on :8080.
export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rolldownOptions: {
      // rc-form's index only puts its parts on the Form it exports, but declares no sideEffects: without
      // this, antd's form context (which every popup and input imports for FormProvider alone) drags
      // the whole form and its validator into the layout's first load (issue 17: 11 kB brotli).
      treeshake: { moduleSideEffects: [{ test: /[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false }] },
    },
  },
  test: {
    // Vitest's default, one worker fewer than the CPUs, is one on CI's two cores; two took the suite from 2.7
    // to 1.7 min there. Files stay isolated: many mock modules (vi.mock) that a shared registry would keep.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
