import { Redirect, Route, Switch } from 'wouter';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { LoginPage } from '@/features/auth/components/login-page';
import { WelcomeDialog } from '@/features/auth/components/welcome-dialog';
import { LandingPage } from '@/features/landing/landing-page';
import { SettingsPage } from '@/features/settings/settings-page';
import { HomePage } from './home-page';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireUser } from './require-user';

function Home() {
  const { user } = useCurrentUser();
  // SPEC §2: the landing page while loading or signed out.
  return user ? <HomePage user={user} /> : <LandingPage />;
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
  return (
    <>
      <Switch>
        <Route path="/" component={Home} />
        <Route path="/login" component={Login} />
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
      {/* SPEC §4: over every screen while the signed-in user has no display name. */}
      {user && !user.displayName ? <WelcomeDialog user={user} /> : null}
    </>
  );
}

