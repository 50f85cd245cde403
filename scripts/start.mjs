// npm start: install what is missing, build, then serve (the server migrates its store at start).
// Without JANUS_URL, Janus is started here when it is installed (docs/calls.md): config
// generated under DATA_DIR, API on loopback, and stopped with the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { janusInstalled, startJanus } from './janus.mjs';
import { ensureDependencies, run, SERVER_NODE_FLAGS } from './lib.mjs';

ensureDependencies();
console.log('▸ Construction…');
run('npm', ['run', '--silent', 'build']);

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
let janus;
let stopping = false;
if (!env.JANUS_URL && janusInstalled()) {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  janus = await startJanus(path.join(dataDir, 'janus'), {
    wsPort: Number(env.JANUS_WS_PORT ?? 8188),
    rtpRange: env.JANUS_RTP_PORTS ?? '20000-20199',
    log: 'ignore',
  });
  env.JANUS_URL = janus.url;
  console.log(`▸ Janus démarré (${janus.url}, ports RTP ${env.JANUS_RTP_PORTS ?? '20000-20199'})`);
  // Janus dies: start it again (the server reconnects and the rooms are made again).
  const supervise = (child) =>
    child.once('exit', async () => {
      if (stopping) return;
      console.error('✖ Janus s’est arrêté : redémarrage');
      janus = await startJanus(path.join(dataDir, 'janus'), {
        wsPort: Number(env.JANUS_WS_PORT ?? 8188),
        rtpRange: env.JANUS_RTP_PORTS ?? '20000-20199',
        log: 'ignore',
      });
      supervise(janus.child);
    });
  supervise(janus.child);
}

// The media mode (docs/calls.md): through Janus up to 50 a room, else the browsers' mesh,
// where the server seats at most 4 in a room or a voice channel.
if (env.JANUS_URL) {
  console.log(`▸ Médias : serveur multimédia Janus (${env.JANUS_URL}), jusqu’à 50 personnes`);
} else {
  console.log(
    '▸ Médias : sans serveur multimédia (maillage entre navigateurs), 4 personnes au plus par salle ou canal vocal — apt-get install janus, ou JANUS_URL',
  );
}
console.log('▸ Démarrage de Ruche…');
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.once('exit', (code, signal) => {
  stopping = true;
  janus?.child.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
