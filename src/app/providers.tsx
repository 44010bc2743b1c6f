import { lazy, Suspense, type ReactNode } from 'react'
import {
  Anchor,
  createTheme,
  MantineProvider,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core'

// The container of notifications and its transitions load behind the page; notifications shown
// before it arrives wait in their store and appear when it does.
const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.Notifications })),
)

// Mantine's green with its dark end deepened, so every use passes WCAG AA (4.5:1 for text):
// white on the filled shade (8) is 5.4:1 in both schemes, and the light variant's text (9) on
// its tint (1) is 6.7:1, where Mantine's own greens give 3.4:1 and 3.8:1.
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#2f9e44',
  '#2b8a3e',
  '#1f7a34',
  '#17602a',
]

// Mantine's orange with its two darkest shades deepened for the same reasons: white on the filled
// shade is 5.0:1, the light variant's text on its tint 5.2:1.
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#c2460b',
  '#b03a0a',
]

export const theme = createTheme({
  primaryColor: 'green',
  colors: { green, orange },
  primaryShade: { light: 8, dark: 8 },
  // A phone set to reduce motion gets dialogs, menus and notices in place at once, no fade or
  // slide (WCAG 2.3.3); a tap then never lands where a button was a frame earlier.
  respectReducedMotion: true,
  components: {
    // A link inside a sentence must not differ from the text by colour alone (WCAG 1.4.1).
    // Inline, because Text's own rule (loaded after Anchor's) resets the decoration.
    Anchor: Anchor.extend({
      defaultProps: { underline: 'always' },
      styles: (_theme, props) =>
        props.underline === 'never' || props.underline === 'hover'
          ? {}
          : { root: { textDecoration: 'underline' } },
    }),
    // The × buttons of dialogs and notifications are named for screen readers (axe
    // button-name). Plain objects, so the theme does not bring their code into every page.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Under a title Mantine greys the text to 3.3:1; the theme's dimmed grey passes AA.
      styles: (_theme: unknown, props: { title?: unknown }) =>
        props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
    },
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  // Mobile means ≤ 992px; Mantine's md breakpoint is 62em = 992px.
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
})

/**
 * Secondary ("dimmed") text readable in both schemes: Mantine's grey is 3.3:1 on white. So is its
 * light error red (red 6), which colours a field's message and an empty date field's text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
})

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Suspense>
        <Notifications position="top-center" />
      </Suspense>
      {children}
    </MantineProvider>
  )
}
