export function bundleServer(outdir: string, options?: { sourcemap?: boolean }): Promise<void>;
