import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startJanus } from '../../scripts/janus.mjs';
import { freePort } from './server';

/**
 * A Janus of the test's own (Debian's `janus`: `npm test` installs it), config generated in a
 * temporary folder, API and ICE on loopback. `restart` kills it and starts it again on the
 * same port, as a crash and a supervisor would.
 */
export async function startTestJanus() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ruche-janus-'));
  const wsPort = await freePort();
  const base = 20_000 + Math.floor(Math.random() * 400) * 100;
  const options = {
    wsPort,
    rtpRange: `${base}-${base + 99}`,
    loopbackOnly: true,
    log: 'ignore' as const,
  };
  let janus = await startJanus(dir, options);
  const stop = async () => {
    const child = janus.child;
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    url: janus.url,
    stop,
    async restart() {
      await stop();
      janus = await startJanus(dir, options);
    },
  };
}
