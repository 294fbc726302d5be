import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiPort = process.env.API_PORT ?? '8080'

// @vitejs/plugin-react 6 has no Babel option, so Lingui's macros run through the Rolldown Babel plugin.
export default defineConfig({
  plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
  // The graph-layout library behind /flows is one large chunk, loaded only when a diagram is opened.
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1600 },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
})
