// --reference <commit>: another commit's server, built beside this one and run in the same
// sitting (issue 46, item 1: every figure of the send path is a ratio to a reference measured
// in the same run). The commit is checked out in a git worktree under the system's temp
// folder (kept between runs: a second run only rebuilds), bundled into bench/.build/ref-<sha>
// so that its packages resolve from this repository's node_modules, and driven by this
// bench's clients. Only the server comes from the reference: scenarios, population and
// ceilings are this checkout's.
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, repoRoot } from './servers.mjs';

const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

/** The full and short hash of a commit-ish, or a thrown error naming it. */
export function resolveCommit(rev) {
  try {
    const sha = git('rev-parse', '--verify', `${rev}^{commit}`);
    return { sha, short: sha.slice(0, 7) };
  } catch {
    throw new Error(`--reference/--at: no commit ${rev} in this repository`);
  }
}

/**
 * Build the reference commit's server: a detached worktree at
 * <tmp>/ruche-bench-ref-<sha> (added once), its bundle in bench/.build/ref-<sha>.
 * Returns the bundle's main.js.
 */
export async function buildReference({ sha, short }, log) {
  const dir = path.join(os.tmpdir(), `ruche-bench-ref-${short}`);
  if (!existsSync(path.join(dir, '.git'))) {
    log(`${short}: git worktree add --detach ${dir}`);
    // A folder left by a worktree whose metadata was pruned is taken over (--force).
    git('worktree', 'add', '--force', '--detach', dir, sha);
  } else if (
    execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim() !== sha
  ) {
    throw new Error(`${dir} is not at ${sha}: remove it (git worktree remove ${dir})`);
  }
  // The reference's build reads its tsconfig and package.json "imports"; packages stay
  // external and resolve from this checkout's node_modules (the link serves tools that look
  // for them beside the sources).
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) symlinkSync(path.join(repoRoot, 'node_modules'), modules, 'dir');
  log(`${short}: building its server bundle`);
  return buildServer(dir, path.join(repoRoot, 'bench/.build', `ref-${short}`, 'server'));
}
