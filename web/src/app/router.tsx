import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, type RouteComponentProps, Switch, useSearch } from 'wouter';
import { safeNextPath } from '#shared/next-path';
import { currentPath, goToLogin, useCurrentUser } from '@/features/auth';
import { LandingPage } from '@/features/landing';
import { withCatalogue } from '@/lib/i18n';
import { FullPageLoader } from './full-page-loader';
import { preloadSignedInScreens } from './preload';
import { RequireUser } from './require-user';

// Only the landing page ships in the entry; every other screen loads on demand (the
// budgets in bundle-budget.test.ts keep the first load small as features are added).
// Screens other than the channel view also wait for the rest of the catalogue (lib/i18n.ts).
const lazyScreen: typeof lazy = (load) => lazy(withCatalogue(load));
const SignedInShell = lazy(() =>
  import('./signed-in-shell').then((module) => ({ default: module.SignedInShell })),
);
const HomePage = lazy(() => import('./home-page').then((module) => ({ default: module.HomePage })));
const SettingsScreen = lazyScreen(() =>
  import('./settings-screen').then((module) => ({ default: module.SettingsScreen })),
);
const FriendsScreen = lazyScreen(() =>
  import('./friends-screen').then((module) => ({ default: module.FriendsScreen })),
);
const ThreadsScreen = lazyScreen(() =>
  import('./threads-screen').then((module) => ({ default: module.ThreadsScreen })),
);
const SavedScreen = lazyScreen(() =>
  import('./saved-screen').then((module) => ({ default: module.SavedScreen })),
);
const RemindersScreen = lazyScreen(() =>
  import('./reminders-screen').then((module) => ({ default: module.RemindersScreen })),
);
const MyDayScreen = lazyScreen(() =>
  import('./my-day-screen').then((module) => ({ default: module.MyDayScreen })),
);
const VideoRoomsScreen = lazyScreen(() =>
  import('./video-rooms-screen').then((module) => ({ default: module.VideoRoomsScreen })),
);
const JoinRoomPage = lazyScreen(() =>
  import('@/features/video-rooms/components/join-room-page').then((module) => ({
    default: module.JoinRoomPage,
  })),
);
const CalendarScreen = lazyScreen(() =>
  import('./calendar-screen').then((module) => ({ default: module.CalendarScreen })),
);
const CalendarSettingsScreen = lazyScreen(() =>
  import('./calendar-settings-screen').then((module) => ({
    default: module.CalendarSettingsScreen,
  })),
);
const AdminScreen = lazyScreen(() =>
  import('./admin-screen').then((module) => ({ default: module.AdminScreen })),
);
const AccountDeletedPage = lazyScreen(() =>
  import('@/features/settings/account-deleted-page').then((module) => ({
    default: module.AccountDeletedPage,
  })),
);
const NotFoundPage = lazyScreen(() =>
  import('./not-found-page').then((module) => ({ default: module.NotFoundPage })),
);
const LoginPage = lazyScreen(() =>
  import('@/features/auth/components/login-page').then((module) => ({
    default: module.LoginPage,
  })),
);
const ChannelInvitePage = lazyScreen(() =>
  import('@/features/channels/components/channel-invite-page').then((module) => ({
    default: module.ChannelInvitePage,
  })),
);

/**
 * / and /channel/{id} are one screen: the same component for both keeps the layout (and
 * the socket under it) mounted while the user moves between channels.
 */
function Home({ params }: RouteComponentProps<{ id?: string }>) {
  const { user, isLoading } = useCurrentUser();
  const channelId = params.id ?? null;
  // docs/product.md §2 route table: /channel/{id} is for signed-in users only.
  useEffect(() => {
    if (channelId && !isLoading && !user) goToLogin(currentPath());
  }, [channelId, isLoading, user]);
  if (user) return <HomePage user={user} channelId={channelId} />;
  // docs/product.md §2: the landing page while loading or signed out.
  return channelId ? <FullPageLoader /> : <LandingPage />;
}

function Login() {
  const { user } = useCurrentUser();
  const search = useSearch();
  if (!user) return <LoginPage />;
  // Already signed in (in another tab, say): on to the page the link was for.
  const next = safeNextPath(new URLSearchParams(search).get('next'));
  return <Redirect to={next ?? '/'} replace />;
}

/**
 * The route table (docs/product.md §2). Each feature adds its own routes here, loaded on demand;
 * signed-in pages go inside <RequireUser> and, when they belong to the shell, <AppLayout>.
 */
export function Router() {
  const { user } = useCurrentUser();
  const signedIn = Boolean(user);
  // Signed in (at start or just now): the shell and the page's screen load together.
  useEffect(() => {
    if (signedIn) preloadSignedInScreens(window.location.pathname);
  }, [signedIn]);
  const routes = (
    <Suspense fallback={<FullPageLoader />}>
      <Switch>
        <Route path="/" component={Home} />
        <Route path="/login" component={Login} />
        <Route path="/channel/:id" component={Home} />
        {/* docs/product.md §2: a public route that needs sign-in; the page sends visitors to sign in. */}
        <Route<{ code: string }> path="/join-channel/:code">
          {({ code }) => <ChannelInvitePage code={code} />}
        </Route>
        <Route path="/video-rooms">
          <RequireUser>{(me) => <VideoRoomsScreen user={me} />}</RequireUser>
        </Route>
        {/* docs/product.md §2.1 and §6: public; anonymous visitors join as guests when the room allows them. */}
        <Route<{ code: string }> path="/join/:code">
          {({ code }) => <JoinRoomPage code={code} />}
        </Route>
        <Route path="/settings">
          <RequireUser>{(me) => <SettingsScreen user={me} />}</RequireUser>
        </Route>
        <Route path="/threads">
          <RequireUser>{(me) => <ThreadsScreen user={me} />}</RequireUser>
        </Route>
        <Route path="/saved">
          <RequireUser>{(me) => <SavedScreen user={me} />}</RequireUser>
        </Route>
        <Route path="/rappels">
          <RequireUser>{(me) => <RemindersScreen user={me} />}</RequireUser>
        </Route>
        <Route path="/ma-journee">
          <RequireUser>{(me) => <MyDayScreen user={me} />}</RequireUser>
        </Route>
        <Route path="/friends">
          <RequireUser>{(me) => <FriendsScreen user={me} />}</RequireUser>
        </Route>
        <Route path="/calendar">
          <RequireUser>{(me) => <CalendarScreen user={me} />}</RequireUser>
        </Route>
        <Route path="/calendar-settings">
          <RequireUser>{(me) => <CalendarSettingsScreen user={me} />}</RequireUser>
        </Route>
        {/* Issue 48: the administration console (administrators; others are told it is not theirs). */}
        <Route<{ section?: string }> path="/admin/:section?">
          {({ section }) => (
            <RequireUser>{(me) => <AdminScreen user={me} section={section} />}</RequireUser>
          )}
        </Route>
        {/* docs/privacy.md: after « Supprimer mon compte », signed out: when, and how to cancel. */}
        <Route path="/account-deleted" component={AccountDeletedPage} />
        <Route>{() => <NotFoundPage user={user} />}</Route>
      </Switch>
    </Suspense>
  );
  if (!user) return routes;
  // One socket and one channel workspace for the whole signed-in visit, across pages.
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInShell user={user}>{routes}</SignedInShell>
    </Suspense>
  );
}
