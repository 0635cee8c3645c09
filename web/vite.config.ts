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
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
});
