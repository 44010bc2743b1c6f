import '@mantine/core/styles/Modal.css'
import { useEffect, useState } from 'react'
import { Modal, Text } from '@mantine/core'
import { PROFILE_MESSAGES, PROFILE_MODAL_MS } from '@sync/rules/families/profile-form'
import ProfileWizard from './profile-wizard'

/**
 * The parents' Profile page. When the dashboard sent the parent here because the profile is
 * incomplete, a modal says so and closes by itself after 5 seconds (core.md §2).
 */
export default function ProfilePage({
  forced,
  onFinished,
}: {
  forced: boolean
  onFinished(): void
}) {
  const [asked, setAsked] = useState(forced)
  useEffect(() => {
    if (!asked) return
    const timer = setTimeout(() => setAsked(false), PROFILE_MODAL_MS)
    return () => clearTimeout(timer)
  }, [asked])
  return (
    <>
      <Modal
        opened={asked}
        onClose={() => setAsked(false)}
        title={PROFILE_MESSAGES.complete}
        centered
      >
        <Text size="sm">
          The centre needs a few details and documents from your family. Your answers are kept on
          this device as you go.
        </Text>
      </Modal>
      <ProfileWizard onFinished={onFinished} />
    </>
  )
}
