import { Stack } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { BankDetailsSettings } from '@/features/fees/components/bank-details-settings'
import { ReferenceSettings } from '@/features/reference/components/reference-settings'

// B16: the settings page holds the centre's reference lists; it is reached from the header's
// Settings link rather than the side pane, whose nine items the spec fixes. The centre's bank
// details, which fee reminders give families, are set here too (issue 40).
export const Route = createFileRoute('/admin/dash/settings')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: CentreSettings,
})

function CentreSettings() {
  return (
    <Stack gap="xl">
      <ReferenceSettings />
      <BankDetailsSettings />
    </Stack>
  )
}
