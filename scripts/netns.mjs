// node scripts/netns.mjs <command…>: run a command in a network namespace of its own where
// the only addresses are loopback ones, so WebRTC media cannot leave 127.0.0.1 (docs/calls.md).
// Janus gathers no candidate on an interface flagged loopback, so a veth end inside the
// namespace holds 127.0.0.1/32 too, and RUCHE_LOOPBACK_IF names it for scripts/janus.mjs.
// Needs root (CI runs as root); the namespace is deleted afterwards.
import { spawnSync } from 'node:child_process';

const name = `ruche-${process.pid}`;
const ip = (...args) => {
  const result = spawnSync('ip', args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`ip ${args.join(' ')} failed`);
};
const inside = (...args) => ip('netns', 'exec', name, 'ip', ...args);

const [command, ...args] = process.argv.slice(2);
// Where namespaces cannot be made (a container without the right), run the command as it is:
// everything works but the media tests, which say their candidates left loopback.
if (spawnSync('ip', ['netns', 'add', name], { stdio: 'inherit' }).status !== 0) {
  console.warn('⚠ ip netns add a échoué : tests lancés sans espace réseau isolé');
  process.exit(spawnSync(command, args, { stdio: 'inherit' }).status ?? 1);
}
let status = 1;
try {
  inside('link', 'set', 'lo', 'up');
  inside('link', 'add', 'rl0', 'type', 'veth', 'peer', 'name', 'rl1');
  inside('addr', 'add', '127.0.0.1/32', 'dev', 'rl0');
  inside('link', 'set', 'rl0', 'up');
  inside('link', 'set', 'rl1', 'up');
  const result = spawnSync('ip', ['netns', 'exec', name, command, ...args], {
    stdio: 'inherit',
    env: { ...process.env, RUCHE_LOOPBACK_IF: 'rl0', RUCHE_NETNS: name },
  });
  status = result.status ?? 1;
} finally {
  spawnSync('ip', ['netns', 'del', name], { stdio: 'inherit' });
}
process.exit(status);
