/**
 * Where to go back after signing in (`?next=`): a path of this site — "/…", never "//host" or
 * "/\host", which browsers read as another site (no open redirect), nor a control character,
 * nor the sign-in routes themselves. Anything else is undefined: the caller goes to "/".
 */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/api/')) {
    return undefined;
  }
  return value;
}
