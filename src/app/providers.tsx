import type { ReactNode } from 'react'
import { createTheme, MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'

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
      <Notifications position="top-center" />
      {children}
    </MantineProvider>
  )
}
