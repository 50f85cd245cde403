/**
 * The last screen, painted before the app has loaded (docs/product.md §2.34, « Ouverture
 * instantanée »). A classic script of its own, the first of the page's head, run long before
 * the app's code. Where the app opens a channel (/ and /channel/<id>), it asks the server who
 * is signed in — the app takes that answer for its first question (web/src/lib/last-screen.ts,
 * which declares the shapes both read) — and then covers the page, inert, with:
 * - the last channel's screen this browser kept (web/src/lib/keep-last-screen.ts wrote it),
 *   once the server names that same account, or cannot be reached (offline, the app opens that
 *   account's kept data anyway);
 * - else, when the server names someone (a browser that kept nothing: a new one, or storage
 *   cleared), the shape of the app's screen with nothing in it yet: rail, sidebar, header,
 *   messages and composer as grey blocks, instead of a blank page while the app's code loads.
 * The cover goes once the app's own screen is up: its list on screen and settled, or another
 * outcome the app marks `data-screen-ready` (an empty channel, a channel not found, the home
 * screen with no channel). Nothing is imported: this file is the whole script, a classic one
 * (no `import`, no `export`: web/vite.config.ts checks).
 */

(() => {
  /** Past this, the cover goes whatever the app shows. */
  const COVER_MAX_MS = 8000;

  /**
   * Where the newest row of the app's own list (react-virtuoso's `data-index`) on screen is; 0
   * once the app shows a screen with no list (marked `data-screen-ready`: an empty channel, a
   * channel not found, the home screen with none); undefined while neither is there.
   */
  const appListPlace = (): number | undefined => {
    if (document.querySelector('#root [data-screen-ready]')) return 0;
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
    // The theme chosen (web/src/lib/theme.ts), before the page's first paint: a light page is
    // not painted dark while the app's code loads, whatever is shown over it.
    if (localStorage.getItem('theme') === 'light') {
      document.documentElement.classList.replace('dark', 'light');
    }
    const path = location.pathname;
    // Where the app opens a channel, or the home screen (which opens the last one).
    if (path !== '/' && !/^\/channel\/[^/]+$/.test(path)) return;
    // Another of the channel's tabs asked for (?tab=board): not the screen either shows.
    if (/[?&]tab=/.test(location.search)) return;
    const userId = localStorage.getItem('ruche:offline-user');
    const raw = localStorage.getItem('ruche:last-screen');
    let kept: KeptScreen | undefined;
    if (userId && raw) {
      const candidate = JSON.parse(raw) as KeptScreen;
      const opensThere =
        path === `/channel/${candidate.channelId}` ||
        (path === '/' && localStorage.getItem('ruche:last-channel') === candidate.channelId);
      // Another account's, another shape, another screen, another width (the rows' places
      // would not be theirs): not this one.
      if (
        candidate.version === 1 &&
        candidate.userId === userId &&
        opensThere &&
        candidate.width === window.innerWidth
      ) {
        kept = candidate;
      }
    }

    const user = fetch('/api/auth/user', { credentials: 'include' });
    window.__rucheBoot = { user };
    // Once the app's own screen is up and settled (its list's newest row in the same place two
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
    /** The kept screen's markup and theme, or else the skeleton's markup (`theme` unset). */
    const show = (html: string, theme?: string) => {
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
      template.innerHTML = html;
      for (const element of template.content.querySelectorAll(
        'script, iframe, object, embed, link, meta, base, form, style',
      )) {
        element.remove();
      }
      cover.append(template.content);
      if (theme) document.documentElement.className = theme;
      else cover.dataset.skeleton = '';
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
        // Whose session it is, as the answer begins (server/src/auth/routes.ts): the body
        // is read by the app, later, the page's main thread then being busy with its code.
        const signedIn = response.ok ? response.headers.get('Ruche-User-Id') : null;
        // The server names the account whose screen this is: shown. A proxy's 502/504: out of
        // reach, as offline.
        if (kept && (signedIn === userId || response.status === 502 || response.status === 504)) {
          return show(kept.html, kept.theme);
        }
        // Someone else, or nothing kept: the screen's shape (web/index.html, #shell-skeleton,
        // just before this script), for anyone signed in.
        if (signedIn) show(document.getElementById('shell-skeleton')?.innerHTML ?? '');
      },
      // Offline: the kept screen, if any (with nothing kept, the app alone says so).
      () => kept && show(kept.html, kept.theme),
    );
  } catch {
    // Storage refused, a kept screen unreadable: the app alone.
  }
})();
