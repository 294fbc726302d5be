// `npm run dev`: the API (restarting on change) behind Vite's dev server, which proxies /api to it.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '8080'
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
