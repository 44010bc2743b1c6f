import { lazy, Suspense } from 'react'
import { Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useAuthMember } from '@/lib/auth/use-auth'
import { APP_VERSION, centre } from '@/lib/centre'
import { welcomeFor, type WelcomeDashboard } from '@/lib/navigation/welcome'
import { useSignOut } from '@/features/accounts/hooks/use-sign-out'
import { useBuiltScreens } from './router-context'

// Loaded when it is needed (a sign-out with unsynced changes), as in the account menu.
const SignOutDialog = lazy(() =>
  import('@/features/accounts/components/sign-out-dialog').then((m) => ({
    default: m.SignOutDialog,
  })),
)

/**
 * Where a person lands on a dashboard none of whose panes is built yet: who they are, what they
 * can do today, what will open here, and a way to sign out.
 */
export function DashboardWelcome({ dashboard }: { dashboard: WelcomeDashboard }) {
  const member = useAuthMember()
  const built = useBuiltScreens()
  const signOut = useSignOut()
  if (!member) return null
  const welcome = welcomeFor(dashboard, member, built)
  return (
    <Stack gap="lg" maw={640} data-testid="dashboard-welcome">
      <Title order={1}>{welcome.greeting}</Title>
      <Text>
        This is {welcome.title} of {centre.name}.
      </Text>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          What you can do today
        </Title>
        <List spacing="xs">
          {welcome.today.map((link) => (
            <List.Item key={link.to}>
              <Anchor component={Link} to={link.to} fw={600}>
                {link.label}
              </Anchor>
              : {link.what}
            </List.Item>
          ))}
        </List>
      </Paper>
      {welcome.coming.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="xs">
            Coming to this dashboard
          </Title>
          <Text size="sm" mb="xs">
            These open here as the centre adds them:
          </Text>
          <List size="sm" data-testid="welcome-coming">
            {welcome.coming.map((label) => (
              <List.Item key={label}>{label}</List.Item>
            ))}
          </List>
        </Paper>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Signed in as {member.email}. Signing out deletes the app’s data from this device.
          </Text>
          <Button color="red" variant="light" onClick={signOut.request} loading={signOut.busy}>
            Sign out
          </Button>
        </Stack>
      </Paper>
      {/* A dashboard shows the version in its side pane, which a dashboard with nothing built
          does not have. */}
      <Text size="xs">
        Version <span data-testid="app-version">{APP_VERSION}</span>
      </Text>
      {signOut.unsynced !== null && (
        <Suspense>
          <SignOutDialog signOut={signOut} />
        </Suspense>
      )}
    </Stack>
  )
}

// One component per route, so the routes' code splitting keeps its component names.
export const AdministrationWelcome = () => <DashboardWelcome dashboard="administration" />
