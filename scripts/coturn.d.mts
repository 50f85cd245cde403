import type { ChildProcess } from 'node:child_process';
export const COTURN_BIN: string;
export function coturnInstalled(): boolean;
export function startCoturn(options: {
  secret: string;
  log?: 'inherit' | 'pipe' | 'ignore';
  port?: number;
}): Promise<{
  child: ChildProcess;
  port: number;
  urls: { udp: string; tcp: string };
  stop(): Promise<void>;
}>;
