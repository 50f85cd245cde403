import { randomUUID } from 'node:crypto';
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type ViewportSize,
} from '@playwright/test';
import { AdminConsoleUi } from './pages/admin-console';
import { AppShell } from './pages/app-shell';
import { BoardUi } from './pages/board';
import { CalendarPage } from './pages/calendar-page';
import { CallUi } from './pages/calls';
import { ChannelsUi } from './pages/channels';
import { ChatUi } from './pages/chat';
import { FilesUi } from './pages/files';
import { FriendsUi } from './pages/friends';
import { LandingPage } from './pages/landing-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { NotificationsUi } from './pages/notifications';
import { SearchDialogUi } from './pages/search-dialog';
import { SettingsPage } from './pages/settings-page';
import { JoinRoomUi, VideoRoomsUi } from './pages/video-rooms';
import { WelcomeDialog } from './pages/welcome-dialog';

export const PHONE: ViewportSize = { width: 390, height: 844 };
const PASSWORD = 'ruche-e2e-motdepasse';

/**
 * A named person with their own browser context (cookies, storage) and the page objects of
 * their page: a spec says `alice.chat.send(…)`, `bob.channels.sidebarLink(…)`, never builds one.
 */
export class Actor {
  readonly email: string;
  readonly password = PASSWORD;
  readonly landing: LandingPage;
  readonly login: LoginPage;
  readonly shell: AppShell;
  readonly welcome: WelcomeDialog;
  readonly settings: SettingsPage;
  readonly notFound: NotFoundPage;
  readonly chat: ChatUi;
  readonly channels: ChannelsUi;
  readonly board: BoardUi;
  readonly calendar: CalendarPage;
  readonly calls: CallUi;
  readonly files: FilesUi;
  readonly friends: FriendsUi;
  readonly notifications: NotificationsUi;
  readonly search: SearchDialogUi;
  readonly videoRooms: VideoRoomsUi;
  readonly joinRoom: JoinRoomUi;
  readonly admin: AdminConsoleUi;

  constructor(
    readonly name: string,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    // Unique per test: every spec makes its own data against the shared server.
    this.email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@ruche.test`;
    this.landing = new LandingPage(page);
    this.login = new LoginPage(page);
    this.shell = new AppShell(page);
    this.welcome = new WelcomeDialog(page);
    this.settings = new SettingsPage(page);
    this.notFound = new NotFoundPage(page);
    this.chat = new ChatUi(page);
    this.channels = new ChannelsUi(page);
    this.board = new BoardUi(page);
    this.calendar = new CalendarPage(page);
    this.calls = new CallUi(page);
    this.files = new FilesUi(page);
    this.friends = new FriendsUi(page);
    this.notifications = new NotificationsUi(page);
    this.search = new SearchDialogUi(page);
    this.videoRooms = new VideoRoomsUi(page);
    this.joinRoom = new JoinRoomUi(page);
    this.admin = new AdminConsoleUi(page);
  }

  /** Create the account through the API (the session cookie lands in this context). */
  async signUpViaApi(options: { displayName?: string } = {}): Promise<void> {
    const res = await this.page.request.post('/api/auth/register', {
      data: { email: this.email, password: this.password, firstName: this.name },
    });
    expect(res.status(), await res.text()).toBe(201);
    if (options.displayName) {
      const patch = await this.page.request.patch('/api/auth/user', {
        data: { displayName: options.displayName },
      });
      expect(patch.ok(), await patch.text()).toBe(true);
    }
  }

  /**
   * Signed up and named, with no page loaded yet: for a spec whose first screen is another
   * (its `goto` is the page's first load; a page load is about a second of the browsers' CPU
   * on the shared cores, docs/performance-log.md, "2026-12-06, the specs' sign-ups").
   */
  async signUp(): Promise<void> {
    await this.signUpViaApi({ displayName: this.name });
  }

  /** Signed up, named, and on the home screen. */
  async arrive(): Promise<void> {
    await this.signUpViaApi({ displayName: this.name });
    await this.page.goto('/');
    await this.shell.welcomePrompt.waitFor();
  }
}

export interface ActorOptions {
  viewport?: ViewportSize;
  /**
   * The app's service worker (web/sw/sw.ts) downloads the whole app shell once a page is
   * signed in: blocked unless a spec is about it (offline.spec.ts), so that the other specs'
   * contexts do not each fetch it on the two shared cores.
   */
  serviceWorkers?: 'allow' | 'block';
  /** IANA zone of the page's clock (a spec about hours of the day). */
  timezoneId?: string;
}

/**
 * An actor in a new context of `browser` against `baseURL`: the fixtures' server, or a spec's
 * own (startE2eServer).
 */
export async function openActor(
  browser: Browser,
  baseURL: string,
  name: string,
  options: ActorOptions = {},
): Promise<Actor> {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    viewport: options.viewport ?? { width: 1280, height: 800 },
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.viewport === PHONE ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  return new Actor(name, context, await context.newPage());
}

interface Fixtures {
  /** Make a named actor in a new browser context (`actor('Alice', { viewport: PHONE })`). */
  actor: (name: string, options?: ActorOptions) => Promise<Actor>;
  alice: Actor;
  bob: Actor;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture deps from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.RUCHE_E2E_BASE_URL;
    if (!url) throw new Error('RUCHE_E2E_BASE_URL is unset: run through e2e/playwright.config.ts');
    await use(url);
  },
  actor: async ({ browser, baseURL }, use) => {
    const opened: Actor[] = [];
    const closed = new WeakSet<BrowserContext>();
    await use(async (name, options = {}) => {
      const actor = await openActor(browser, baseURL!, name, options);
      actor.context.once('close', (context) => closed.add(context));
      opened.push(actor);
      return actor;
    });
    // A route's handler still fetching when its context closes (a refetch the test did not
    // wait for) fails with "Request context disposed" and fails the run: a spec's routes
    // are let go first, their requests in flight ignored.
    // A context the spec closed itself (a tab gone) has nothing left to let go.
    await Promise.all(
      opened.map(async (a) => {
        if (closed.has(a.context)) return;
        try {
          await a.context.unrouteAll({ behavior: 'ignoreErrors' });
          await Promise.all(
            a.context
              .pages()
              .filter((p) => !p.isClosed())
              .map((p) => p.unrouteAll({ behavior: 'ignoreErrors' })),
          );
        } catch (error) {
          if (!closed.has(a.context)) throw error;
        }
        await a.context.close();
      }),
    );
  },
  alice: async ({ actor }, use) => use(await actor('Alice')),
  bob: async ({ actor }, use) => use(await actor('Bob')),
});

export { expect };

/** A channel of `owner`'s that `guest` joined by invite, through the API: its id. */
export async function sharedChannel(owner: Actor, guest: Actor, name: string): Promise<string> {
  const created = await owner.page.request.post('/api/channels', {
    data: { name, type: 'channel' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const invite = await owner.page.request.post(`/api/channels/${id}/invites`);
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  const joined = await guest.page.request.post(`/api/channel-invites/${inviteCode}/join`);
  expect(joined.ok(), await joined.text()).toBe(true);
  return id;
}
