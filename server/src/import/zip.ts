/** A zip archive read with yauzl: its entries by name, each opened as a stream on demand. */
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import yauzl from 'yauzl';

export interface ZipArchive {
  names(): string[];
  has(name: string): boolean;
  size(name: string): number;
  open(name: string): Promise<Readable>;
  readText(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openZip(file: string): Promise<ZipArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, opened) =>
      err || !opened ? reject(err ?? new Error('zip')) : resolve(opened),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const entry = (name: string) => {
    const found = entries.get(name);
    if (!found) throw new Error(`${name} absent de l’archive`);
    return found;
  };
  const open = (name: string) =>
    new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry(name), (err, stream) =>
        err || !stream ? reject(err ?? new Error(name)) : resolve(stream),
      ),
    );
  return {
    names: () => [...entries.keys()],
    has: (name) => entries.has(name),
    size: (name) => entry(name).uncompressedSize,
    open,
    readText: async (name) => text(await open(name)),
    close: async () => zip.close(),
  };
}
