import { createFileRoute, notFound } from '@tanstack/react-router'
import { OnboardingApplication } from '@/features/admissions/components/onboarding-application'

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
  component: OnboardingApplication,
})
