import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core'

/** Dark mode follows the system until the person chooses; the choice is remembered. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme()
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true })
  const dark = computed === 'dark'
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      aria-pressed={dark}
    >
      <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
        {dark ? '☀' : '☾'}
      </span>
    </ActionIcon>
  )
}
