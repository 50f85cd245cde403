/**
 * The last screen, painted before the app has loaded (docs/product.md §2.34, « Ouverture
 * instantanée »). A classic script of its own, the first of the page's head, run long before
 * the app's code: when this browser kept the last channel's screen
 * (web/src/lib/keep-last-screen.ts wrote it), it asks the server who is signed in and, once the
 * server names that same account — or cannot be reached: offline, the app opens that account's
 * kept data anyway — shows the kept screen over the page, inert, until the app's own list is on
 * screen and settled; the app takes the server's answer for its first question
 * (web/src/lib/last-screen.ts, which declares the shapes both read). Nothing is imported: this
 * file is the whole script, a classic one (no `import`, no `export`: web/vite.config.ts checks).
 */

(() => {
  /** Past this, the cover goes whatever the app shows (an error screen, a channel now empty). */
  const COVER_MAX_MS = 8000;

  /**
   * Where the newest row of the app's own list (react-virtuoso's `data-index`) on screen is, or
   * undefined while none is.
   */
  const appListPlace = (): number | undefined => {
    const rows = document.querySelectorAll('#root [role="log"] [data-index]');
    for (let i = rows.length - 1; i >= 0; i--) {
      const row = rows[i];
      if (row?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        return row.getBoundingClientRect().bottom;
      }
    }
    return undefined;
  };

  try {
    const userId = localStorage.getItem('ruche:offline-user');
    const raw = localStorage.getItem('ruche:last-screen');
    if (!userId || !raw) return;
    const kept = JSON.parse(raw) as KeptScreen;
    const path = location.pathname;
    const channelPath = `/channel/${kept.channelId}`;
    const opensThere =
      path === channelPath ||
      (path === '/' && localStorage.getItem('ruche:last-channel') === kept.channelId);
    // Another account's, another shape, another screen, another width (the rows' places
    // would not be theirs): the app alone.
    if (kept.version !== 1 || kept.userId !== userId || !opensThere) return;
    if (kept.width !== window.innerWidth) return;

    const user = fetch('/api/auth/user', { credentials: 'include' });
    window.__rucheBoot = { user };
    // Once the app's own list is on screen and settled (its newest row in the same place two
    // frames running: a list opening moves in its first frames), the address is another, or
    // COVER_MAX_MS have passed, the cover goes.
    const started = performance.now();
    let settled = 0;
    let last: number | undefined;
    const watch = (cover: HTMLElement) => {
      const place = appListPlace();
      settled = place !== undefined && place === last ? settled + 1 : 0;
      last = place;
      if (
        settled >= 2 ||
        location.pathname !== path ||
        performance.now() - started > COVER_MAX_MS
      ) {
        return cover.remove();
      }
      requestAnimationFrame(() => watch(cover));
    };
    const show = () => {
      // Answered too late: the app's own screen is up already.
      if (appListPlace() !== undefined || location.pathname !== path) return;
      const cover = document.createElement('div');
      cover.id = 'last-screen';
      // Seen, not used: no focus, no click, not read out (the app's own screen is, under it).
      cover.inert = true;
      cover.setAttribute('aria-hidden', 'true');
      // Above the app's loader, below nothing else: nothing else is on screen yet.
      cover.style.cssText =
        'position:fixed;inset:0;z-index:40;overflow:hidden;background:var(--background)';
      // The kept markup is React's own rendering of the screen, serialized by the browser:
      // text escaped, no script (docs/security.md, « The last screen »). What could still
      // act is left out all the same, and the policy (script-src 'self') runs no inline code.
      const template = document.createElement('template');
      template.innerHTML = kept.html;
      for (const element of template.content.querySelectorAll(
        'script, iframe, object, embed, link, meta, base, form, style',
      )) {
        element.remove();
      }
      cover.append(template.content);
      document.documentElement.className = kept.theme;
      // Before the body is parsed (this script runs from the head), after it.
      document.documentElement.append(cover);
      // Now, laid out with the stylesheet if it is in, and again in the first frame, which the
      // stylesheet holds back.
      const scroll = () => {
        for (const scroller of cover.querySelectorAll<HTMLElement>('[data-last-scroll]')) {
          // `end-N`: N px from its end (web/src/lib/keep-last-screen.ts), else from its top.
          const place = scroller.dataset.lastScroll ?? '';
          scroller.scrollTop = place.startsWith('end-')
            ? scroller.scrollHeight - scroller.clientHeight - Number(place.slice(4))
            : Number(place);
        }
      };
      scroll();
      requestAnimationFrame(() => {
        scroll();
        watch(cover);
      });
    };
    user.then(
      (response) => {
        // The server names the account whose screen this is: shown. A proxy's 502/504: out of
        // reach, as offline.
        if (response.status === 502 || response.status === 504) return show();
        // Whose session it is, as the answer begins (server/src/auth/routes.ts): the body
        // is read by the app, later, the page's main thread then being busy with its code.
        if (response.ok && response.headers.get('Ruche-User-Id') === userId) show();
      },
      // Offline.
      show,
    );
  } catch {
    // Storage refused, a kept screen unreadable: the app alone.
  }
})();
