import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Janode from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { startJanus } from '../../scripts/janus.mjs';
import { janusRoomId } from '../src/features/sfu/sfu';
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

/** Who Janus itself says is in a group's room (their displays, sorted), asked over a connection of the test's own. */
export async function janusParticipants(url: string, group: string): Promise<string[]> {
  const connection = await Janode.connect({ address: [{ url }] });
  try {
    const session = await connection.create();
    const handle = await session.attach<VideoRoomHandle>(VideoRoomPlugin);
    const { participants } = await handle.listParticipants({ room: janusRoomId(group) });
    return (participants as { display?: string }[]).map((p) => p.display ?? '').sort();
  } catch (err) {
    if ((err as { _code?: number })._code === 426) return []; // no such room
    throw err;
  } finally {
    await connection.close();
  }
}

/** Ask again every 100 ms until `check` holds (Janus applies a detach a moment later). */
export async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
