import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Run from the repository root: `vite build --config web/vite.config.ts`.
export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change less often than screens: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](react-router|react-router-dom)[\\/]/.test(id)) return 'router';
          if (/[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          if (/[\\/](redux|@reduxjs|redux-saga|@redux-saga|immer|reselect)[\\/]/.test(id)) return 'state';
          if (/[\\/](styled-components|stylis|@emotion)[\\/]/.test(id)) return 'styles';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    // The client imports domain/shared (error catalogue, RUT, email, phone), which lives outside web/.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
