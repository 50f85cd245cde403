import { useEffect } from 'react';
import { Redirect, Route, type RouteComponentProps, Switch } from 'wouter';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { LoginPage } from '@/features/auth/components/login-page';
import { WelcomeDialog } from '@/features/auth/components/welcome-dialog';
import { goToLogin } from '@/features/auth/navigation';
import { ChannelInvitePage } from '@/features/channels/components/channel-invite-page';
import { ChannelsWorkspace } from '@/features/channels/components/channels-workspace';
import { LandingPage } from '@/features/landing/landing-page';
import { RealtimeProvider } from '@/features/messages/components/realtime-provider';
import { SettingsPage } from '@/features/settings/settings-page';
import { FullPageLoader } from './full-page-loader';
import { HomePage } from './home-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireUser } from './require-user';

/**
 * / and /channel/{id} are one screen: the same component for both keeps the layout (and
 * the socket under it) mounted while the user moves between channels.
 */
function Home({ params }: RouteComponentProps<{ id?: string }>) {
  const { user, isLoading } = useCurrentUser();
  const channelId = params.id ?? null;
  // SPEC §2 route table: /channel/{id} is for signed-in users only.
  useEffect(() => {
    if (channelId && !isLoading && !user) goToLogin();
  }, [channelId, isLoading, user]);
  if (user) return <HomePage user={user} channelId={channelId} />;
  // SPEC §2: the landing page while loading or signed out.
  return channelId ? <FullPageLoader /> : <LandingPage />;
}

function Login() {
  const { user } = useCurrentUser();
  return user ? <Redirect to="/" replace /> : <LoginPage />;
}

/**
 * The route table (SPEC §2). Each feature adds its own routes here; signed-in pages go
 * inside <RequireUser> and, when they belong to the shell, <AppLayout>.
 */
export function Router() {
  const { user } = useCurrentUser();
  const routes = (
    <Switch>
      <Route path="/" component={Home} />
      <Route path="/login" component={Login} />
      <Route path="/channel/:id" component={Home} />
      {/* SPEC §2: a public route that needs sign-in; the page sends visitors to /. */}
      <Route<{ code: string }> path="/join-channel/:code">
        {({ code }) => <ChannelInvitePage code={code} />}
      </Route>
      <Route path="/settings">
        <RequireUser>
          {(me) => (
            <AppLayout user={me} showSidebar={false}>
              <SettingsPage user={me} />
            </AppLayout>
          )}
        </RequireUser>
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
  return (
    <>
      {/* One socket and one channel workspace for the whole signed-in visit, across pages. */}
      {user ? (
        <RealtimeProvider user={user}>
          <ChannelsWorkspace user={user}>{routes}</ChannelsWorkspace>
        </RealtimeProvider>
      ) : (
        routes
      )}
      {/* SPEC §4: over every screen while the signed-in user has no display name. */}
      {user && !user.displayName ? <WelcomeDialog user={user} /> : null}
    </>
  );
}
