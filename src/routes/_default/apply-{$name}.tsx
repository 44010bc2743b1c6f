import { createFileRoute, notFound } from '@tanstack/react-router'
import { OnboardingApplication } from '@/features/admissions/components/onboarding-application'
import { OnboardingConfirm } from '@/features/admissions/components/onboarding-confirm'

// The third application form (G03, G04): the onboarding questionnaire a family answers before the
// first day. Only the names in this list are forms; any other name fails validation and shows the
// 404 screen.
const APPLICATION_FORMS = ['onboarding'] as const

export const Route = createFileRoute('/_default/apply-{$name}')({
  staticData: { guard: 'none', layout: 'default' },
  params: {
    parse: ({ name }) => {
      if (!(APPLICATION_FORMS as readonly string[]).includes(name)) {
        throw notFound()
      }
      return { name: name as (typeof APPLICATION_FORMS)[number] }
    },
    stringify: ({ name }) => ({ name }),
  },
  // ?confirm=… is the link e-mailed to the address that applied: it confirms the answers.
  validateSearch: (search: Record<string, unknown>): { confirm?: string } =>
    typeof search.confirm === 'string' && /^[0-9a-f]{48}$/.test(search.confirm)
      ? { confirm: search.confirm }
      : {},
  component: ApplyForm,
})

function ApplyForm() {
  const { confirm } = Route.useSearch()
  return confirm ? <OnboardingConfirm token={confirm} /> : <OnboardingApplication />
}
