import { lazy, Suspense, type ReactNode } from 'react'
import { createTheme, MantineProvider } from '@mantine/core'

// The container of notifications and its transitions load behind the page; notifications shown
// before it arrives wait in their store and appear when it does.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
)

export const theme = createTheme({
  primaryColor: 'green',
  // Darker shades keep green links and buttons readable on white (WCAG AA contrast).
  primaryShade: { light: 8, dark: 7 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  // Mobile means ≤ 992px; Mantine's md breakpoint is 62em = 992px.
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
})

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Suspense>
        <Notifications position="top-center" />
      </Suspense>
      {children}
    </MantineProvider>
  )
}
