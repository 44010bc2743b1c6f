import { lazy, Suspense, useEffect, useState } from 'react'
import { Anchor, Stack, Text } from '@mantine/core'
import { takeNotice, type SignInNotice } from '@/lib/auth/notice'
import { PAGE_SIGNIN_EVENT, pageSignIn, takePageSignIn } from '@/lib/auth/page-sign-in'
import { useAuthFlow } from '../../hooks/use-auth-flow'
import { useLanding } from '../../hooks/use-landing'
import { normaliseEmail } from '@sync/contract/commands/accounts/email'
import { initialMemberForm, type SignInState } from '../../logic/member-form'
import { MESSAGES } from '@sync/contract/commands/accounts/messages'
import { AuthCard } from '../auth-card'
import { FlowAlerts } from '../flow-alerts'
import { GoogleChoice } from '../google-button'
import { EmailStep, type SigninInit } from './email-step'
import { PasswordStep } from './password-step'
import { ResetRequest } from './reset-request'

// The password form of an e-mailed set-up link (with the forms library and the password schema)
// loads on that page only, not with every visit to /signin.
const loadChoosePassword = () => import('./choose-password')
const ChoosePassword = lazy(() => loadChoosePassword().then((m) => ({ default: m.ChoosePassword })))
// A facilitator's registration (with the phone field and its country list) is asked of few
// people, and only after the address step: it loads then.
const FacilitatorSignup = lazy(() =>
  import('./facilitator-signup').then((m) => ({ default: m.FacilitatorSignup })),
)

const NOTICE_TEXT: Record<SignInNotice, string> = {
  blocked: MESSAGES.blocked,
  notRegistered: MESSAGES.notRegistered,
  signedOutElsewhere: 'You were signed out. Please sign in again.',
}

const TITLES: Record<SignInState, string> = {
  email: 'Sign in',
  signin: 'Sign in',
  facilitator_signup: 'Set up your account',
  reset: 'Reset your password',
}

/** /signin (core.md §2): states email → signin, facilitator_signup, and the forgotten password. */
export function SignInScreen({
  redirect,
  email: known,
  confirm,
  setup,
}: {
  redirect?: string
  email?: string
  confirm?: string
  /** The token of an e-mailed set-up link: confirm, then choose the password. */
  setup?: string
}) {
  const flow = useAuthFlow(redirect)
  const [form, setForm] = useState(() => initialMemberForm(known ? normaliseEmail(known) : ''))
  const [invite, setInvite] = useState<SigninInit | null>(null)
  const [notice] = useState(() => takeNotice())
  const [choosing, setChoosing] = useState(false)
  // Fetched while the link is being confirmed, so the form is there when it is needed.
  useEffect(() => {
    if (setup) void loadChoosePassword()
  }, [setup])
  useLanding(flow, {
    confirm,
    setup,
    onSetupConfirmed: () => setChoosing(true),
    kinds: ['signin', 'facilitator'],
  })
  // What the prerendered page did before the app arrived (its address check, its password step,
  // the session it opened) is where this screen goes on from, until the app has taken over.
  const { update, complete } = flow
  useEffect(() => {
    if (setup || !document.querySelector('[data-prerendered]')) return
    const follow = () => {
      const page = pageSignIn()
      if (!page) return
      if (page.step === 'email') {
        setForm((f) => ({ ...f, signInState: 'email' }))
        update({ error: page.error ?? null, info: null, unverified: false })
      } else if (page.step === 'signin') {
        setForm((f) => ({ ...f, email: page.email, signInState: 'signin' }))
        update({ error: page.error ?? null, info: null, unverified: !!page.unverified })
      } else {
        const email = takePageSignIn()
        if (email === null) return
        setForm((f) => ({ ...f, email, signInState: 'signin' }))
        void complete()
      }
    }
    follow()
    window.addEventListener(PAGE_SIGNIN_EVENT, follow)
    return () => window.removeEventListener(PAGE_SIGNIN_EVENT, follow)
  }, [setup, update, complete])
  const { status } = flow
  const go = (signInState: SignInState) => {
    flow.reset()
    setForm((f) => ({ ...f, signInState }))
  }
  const answered = (email: string, answer: SigninInit) => {
    setForm((f) => ({
      ...f,
      email,
      signInState: answer.mode === 'signin' ? 'signin' : 'facilitator_signup',
    }))
    setInvite(answer.mode === 'signin' ? null : answer)
  }
  const state = form.signInState
  const error = status.error ?? (notice && !status.progress ? NOTICE_TEXT[notice] : null)
  if (setup) {
    return (
      <AuthCard title="Choose your password">
        <FlowAlerts error={status.error} info={status.info} progress={status.progress} />
        {choosing && (
          <Suspense fallback={null}>
            <ChoosePassword
              onSaved={() => {
                setChoosing(false)
                void flow.complete()
              }}
              onError={(message) => flow.update({ error: message })}
            />
          </Suspense>
        )}
        {!choosing && status.error && (
          <Stack gap="sm" data-testid="setup-new-link">
            {/* A link opened once and left before the password was chosen works no more: the
                person asks here for a new one (a password link), with no detour. */}
            <Text size="sm">Did you open it before and not finish choosing your password?</Text>
            <ResetRequest initialEmail="" onBack={() => location.assign('/signin')} />
          </Stack>
        )}
      </AuthCard>
    )
  }
  return (
    <AuthCard title={TITLES[state]}>
      <FlowAlerts error={error} info={status.info} progress={status.progress} />
      {state === 'email' && (
        <EmailStep
          email={form.email}
          onEmail={(email) => setForm((f) => ({ ...f, email }))}
          onAnswer={answered}
          onError={(message) => flow.update({ error: message })}
        />
      )}
      {state === 'signin' && (
        <PasswordStep
          email={form.email}
          busy={!!status.progress}
          unverified={status.unverified}
          onSubmit={(password) => void flow.signIn(form.email, password)}
          onChangeEmail={() => go('email')}
          onForgot={() => go('reset')}
          onInfo={(message, isError) =>
            flow.update(
              isError
                ? { error: message, info: null }
                : { info: message, error: null, unverified: false },
            )
          }
        />
      )}
      {state === 'facilitator_signup' && invite && (
        <Suspense fallback={<Text c="dimmed">Opening the registration form…</Text>}>
          <FacilitatorSignup email={form.email} invite={invite} />
        </Suspense>
      )}
      {state === 'reset' && (
        <ResetRequest
          initialEmail={form.email}
          onBack={() => go(form.email ? 'signin' : 'email')}
        />
      )}
      {(state === 'email' || state === 'signin') && (
        <Stack gap="sm">
          <GoogleChoice
            returnPath="/signin"
            pending={() => ({
              kind: 'signin',
              expectedEmail: state === 'signin' ? form.email : null,
            })}
            onError={(message) => flow.update({ error: message })}
          />
          <Text size="sm" ta="center">
            New family at the centre?{' '}
            <Anchor href="/connect-account">Connect your family account</Anchor>
          </Text>
        </Stack>
      )}
    </AuthCard>
  )
}
