import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerenderPublicPages } from './build/prerender-plugin.ts';

export default defineConfig(({ command }) => {
  // A build is always React's production bundle, whatever NODE_ENV the caller's shell has
  // (`NODE_ENV=development npm start` once shipped the development build). Vite decides
  // production from NODE_ENV after reading this file, so set it here as well as in `define`.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: 'src/web',
    publicDir: 'public',
    plugins: [react(), tailwindcss(), prerenderPublicPages()],
    ...(command === 'build'
      ? { mode: 'production', define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
      : {}),
    build: {
      outDir: '../../dist/web',
      emptyOutDir: true,
      // No source maps in what users download (they would publish the source).
      sourcemap: false,
      // The bench reads what each route loads from here.
      manifest: true,
      chunkSizeWarningLimit: 900,
      // Every browser the product supports preloads modules natively.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What every page runs before it is interactive, in one file: one request
              // instead of several and better compression (docs/adr/010-prerendered-public-pages.md).
              {
                name: 'framework',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 2,
              },
              // The rest of what the entry imports statically (layout, session, small helpers)
              // in one chunk instead of a dozen small ones shared with the lazy screens.
              {
                name: 'shell',
                tags: ['$initial'],
                // The entry module stays the entry chunk (the build manifest's entry).
                test: (id) => !/[\\/]src[\\/]web[\\/](main\.tsx|index\.html)/.test(id),
                priority: 1,
              },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        // The API server's port (PORT, as the server reads it).
        '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true },
      },
    },
  };
});
