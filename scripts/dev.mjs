// npm run dev: the API on :3001 (restarted on change) and Vite on :3000, which proxies /api and /ws.
import { spawn } from 'node:child_process';
import { ensureDependencies } from './lib.mjs';

ensureDependencies();
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: {
      // A restart on change need not wait for the browser's sockets to reconnect elsewhere.
      DRAIN_TIMEOUT_MS: '1000',
      ...process.env,
      PORT: '3001',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
    },
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, RUCHE_API_PORT: '3001' },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
