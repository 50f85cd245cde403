import type { ChildProcess } from 'node:child_process';
export const JANUS_BIN: string;
export function janusInstalled(): boolean;
export function writeJanusConfig(
  dir: string,
  options: { wsPort: number; rtpRange?: string; loopbackOnly?: boolean },
): void;
export function startJanus(
  dir: string,
  options?: {
    wsPort?: number;
    rtpRange?: string;
    loopbackOnly?: boolean;
    log?: 'inherit' | 'pipe' | 'ignore';
  },
): Promise<{ child: ChildProcess; url: string }>;
