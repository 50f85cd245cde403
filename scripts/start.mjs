// npm start: install what is missing, build, then serve (the server migrates its store at start).
import { ensureDependencies, run } from './lib.mjs';

ensureDependencies();
console.log('▸ Construction…');
run('npm', ['run', '--silent', 'build']);
console.log('▸ Démarrage de Ruche…');
run(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
