import { API_ORIGIN, goToLogin } from '@/lib/api';

/** SPEC §2: signing in and out are full page navigations to the server's routes. */
export { goToLogin };

export function goToLogout(): void {
  window.location.href = `${API_ORIGIN}/api/logout`;
}

/** After a local sign-in or sign-up, reload the app from / so every query starts signed in. */
export function goHomeAfterSignIn(): void {
  window.location.assign('/');
}
