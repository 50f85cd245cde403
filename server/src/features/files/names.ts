import { FILE_ORIGINAL_NAME_MAX } from '#shared/limits';

const FALLBACK_NAME = 'fichier';
// C0 and C1 controls, DEL, and the bidirectional controls that make "gpj.exe" read "exe.jpg"
// (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C).
const UNSAFE_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/g;

/**
 * The name a file is listed and downloaded under (docs/files.md): the sender's last path
 * segment, without controls or direction overrides, at most FILE_ORIGINAL_NAME_MAX
 * characters (whole code points, the extension kept). It is never a path on disk.
 */
export function safeOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  const safe = cleaned.replace(/^\.+$/, '');
  if (!safe) return FALLBACK_NAME;
  const chars = [...safe];
  if (chars.length <= FILE_ORIGINAL_NAME_MAX) return safe;
  const dot = safe.lastIndexOf('.');
  const ext = dot > 0 ? [...safe.slice(dot)] : [];
  const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
  return chars.slice(0, FILE_ORIGINAL_NAME_MAX - keep.length).join('') + keep.join('');
}

/**
 * Content-Disposition with the name twice (RFC 6266): an ASCII fallback in quotes, and the
 * real one percent-encoded in `filename*` (RFC 5987/8187). Nothing in it can end the header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\u0020-\u007e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
