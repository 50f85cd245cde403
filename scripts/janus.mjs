// Janus Gateway for Ruche (docs/calls.md): a config generated in a folder of our own, the
// API on loopback only (WebSocket), the VideoRoom plugin, an RTP port range, and the
// process started and stopped with whoever needs it (npm start, the test harness).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const JANUS_BIN = process.env.JANUS_BIN ?? '/usr/bin/janus';
const PLUGINS_DIR = [
  '/usr/lib/x86_64-linux-gnu/janus',
  '/usr/lib/aarch64-linux-gnu/janus',
  '/usr/lib/janus',
].find((dir) => existsSync(path.join(dir, 'plugins')));

export const janusInstalled = () => existsSync(JANUS_BIN) && PLUGINS_DIR !== undefined;

/**
 * Writes janus.jcfg and the two files it needs into `dir`. `loopbackOnly` keeps ICE on
 * 127.0.0.1 (tests: nothing leaves the machine); a deployment lists its public address
 * with JANUS_NAT_1_1 instead (docs/calls.md).
 */
export function writeJanusConfig(dir, { wsPort, rtpRange = '20000-20199', loopbackOnly = false }) {
  mkdirSync(dir, { recursive: true });
  const nat = [];
  // Janus skips interfaces flagged loopback: tests run in a network namespace where an
  // interface of their own holds 127.0.0.1 (scripts/netns.mjs, named by RUCHE_LOOPBACK_IF).
  if (loopbackOnly) nat.push(`ice_enforce_list = "${process.env.RUCHE_LOOPBACK_IF ?? 'lo'}"`);
  if (process.env.JANUS_NAT_1_1) nat.push(`nat_1_1_mapping = "${process.env.JANUS_NAT_1_1}"`);
  if (process.env.JANUS_STUN) {
    const [host, port] = process.env.JANUS_STUN.split(':');
    nat.push(`stun_server = "${host}"`, `stun_port = ${Number(port ?? 3478)}`);
  }
  writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${PLUGINS_DIR}/plugins"
  transports_folder = "${PLUGINS_DIR}/transports"
  events_folder = "${PLUGINS_DIR}/events"
  loggers_folder = "${PLUGINS_DIR}/loggers"
  debug_level = 3
  admin_secret = "${Math.random().toString(36).slice(2)}"
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/initrd", "/lib", "/lib32", "/lib64", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
plugins: {
  disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so"
}
transports: {
  disable = "libjanus_http.so,libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,libjanus_rabbitmq.so"
}
events: { broadcast = false }
loggers: { disable = "libjanus_jsonlog.so" }
media: {
  rtp_port_range = "${rtpRange}"
}
nat: {
  ${nat.join('\n  ')}
  ignore_mdns = true
}
`,
  );
  writeFileSync(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    `general: {
  json = "compact"
  ws = true
  ws_port = ${wsPort}
  ws_interface = "lo"
  ws_ip = "127.0.0.1"
  wss = false
}
admin: { admin_ws = false admin_wss = false }
`,
  );
  writeFileSync(path.join(dir, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n');
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts Janus with a generated config; resolves once its WebSocket API listens, with the
 * child process and the URL to give the server as JANUS_URL.
 */
export async function startJanus(
  dir,
  { wsPort = 8188, rtpRange, loopbackOnly, log = 'inherit' } = {},
) {
  writeJanusConfig(dir, { wsPort, rtpRange, loopbackOnly });
  const child = spawn(JANUS_BIN, ['-C', path.join(dir, 'janus.jcfg'), '-F', dir, '-N', '-o'], {
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 20_000;
  while (!(await listening(wsPort))) {
    if (child.exitCode !== null) throw new Error(`janus exited (${child.exitCode})`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('janus did not listen within 20 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url: `ws://127.0.0.1:${wsPort}` };
}
