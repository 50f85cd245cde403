import type { TokenStorage } from '@/lib/session-token';

/** The secure-storage plugin (Keychain / Keystore; its web part uses localStorage). */
export async function secureStorage(): Promise<TokenStorage> {
  const { SecureStorage } = await import('@aparajita/capacitor-secure-storage');
  // Not the plugin itself: a Capacitor plugin is a proxy that answers every property,
  // `then` included, so awaiting it would wait forever.
  return {
    getItem: (key) => SecureStorage.getItem(key),
    setItem: (key, value) => SecureStorage.setItem(key, value),
    removeItem: (key) => SecureStorage.removeItem(key),
  };
}
