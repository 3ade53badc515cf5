import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Text files worth compressing; pictures and fonts are compressed already. Source maps are for developers. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Pre-compresses the build (brotli at its best quality, gzip at level 9) once, at build time, so the server
 * only picks the file the browser accepts (adapters/http/static-assets.ts) and never compresses per request.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const raw = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        // Kept only when smaller: the server then falls back to the next encoding or the plain file.
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
};

/**
 * The server's rendering of the public pages (web/src/entry-server.tsx, `--ssr`): CommonJS files in
 * dist/web-ssr, every package bundled in (screens stay in their own chunks, loaded when first rendered), that
 * adapters/http/page-rendering.ts requires.
 */
const serverRendering = {
  outDir: '../dist/web-ssr',
  copyPublicDir: false,
  emptyOutDir: true,
  sourcemap: true,
  rollupOptions: { output: { format: 'cjs' as const, entryFileNames: 'entry-server.cjs', chunkFileNames: '[name]-[hash].cjs' } },
};

// Run from the repository root: `vite build --config web/vite.config.ts` (the browser's), then with
// `--ssr src/entry-server.tsx` (the server's rendering): npm run build:web does both.
export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  base: '/',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  ssr: { noExternal: true },
  build: isSsrBuild
    ? serverRendering
    : {
        // Beside the compiled server (npm run build): dist/web.
        outDir: '../dist/web',
        emptyOutDir: true,
        sourcemap: true,
        // dist/web/.vite/manifest.json: which chunks each entry and route pulls in (tests/web/bundle.test.ts and
        // the server's preload hints, adapters/http/page-rendering.ts, read it).
        manifest: true,
        rollupOptions: {
          output: {
            // Libraries change less often than screens: separate chunks stay cached across deploys.
            manualChunks(id: string) {
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
}));
