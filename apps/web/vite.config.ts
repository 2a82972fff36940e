import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { inlineStylesheet } from './inline-stylesheet.ts';
import { precompress } from './precompress.ts';

/** The API server of `npm start`; in development Vite serves the app and forwards these paths to it. */
const apiServer = 'http://localhost:8099';

/**
 * The server refuses state-changing calls from foreign origins (CSRF guard, better-auth trusted origins). A page
 * served by this dev server is same-origin to it, so its Origin is presented to the API as the API's own.
 */
function sameOriginProxy(target: string): ProxyOptions {
  return {
    target,
    changeOrigin: true,
    configure(proxy) {
      proxy.on('proxyReq', (proxyRequest, request) => {
        const { origin, host } = request.headers;
        if (origin && host && URL.canParse(origin) && new URL(origin).host === host) {
          proxyRequest.setHeader('origin', target);
        }
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), inlineStylesheet(), precompress()],
  // SPEC §9: the built app writes nothing to the browser console (React's and the router's own reports included).
  esbuild: command === 'build' ? { drop: ['console', 'debugger'] } : {},
  server: {
    proxy: {
      '/api': sameOriginProxy(apiServer),
      '/dev/': sameOriginProxy(apiServer),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lists each entry's chunks and their static imports: the first-load budget test (test/bundle-budget.test.ts) reads it.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments Rollup reads as misplaced purity hints; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
}));
