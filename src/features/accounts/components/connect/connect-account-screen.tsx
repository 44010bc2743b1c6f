import { useState } from 'react'
import { Anchor, Text } from '@mantine/core'
import { accounts } from '../../api'
import { useAuthFlow } from '../../hooks/use-auth-flow'
import { useLanding } from '../../hooks/use-landing'
import type { ConnectData } from '@sync/contract/commands/accounts/contract'
import type { RegisterState } from '../../logic/member-form'
import { MESSAGES } from '@sync/contract/commands/accounts/messages'
import { withoutSpaces } from '@sync/contract/commands/accounts/phone'
import { AuthCard } from '../auth-card'
import { CheckEmail } from '../check-email'
import { FlowAlerts } from '../flow-alerts'
import { ConnectStep } from './connect-step'
import { NumberStep } from './number-step'

type Done = { kind: 'email' | 'signin'; message: string }

/**
 * /connect-account (core.md §2, §4; D02-D13): a guardian or student finds the contact the centre
 * holds for their WhatsApp number, then asks for the e-mailed link (or uses Google); the page the
 * link opens asks for the password. States init → verifying → connect → account_setup; any
 * failure goes back to init with the message.
 */
export function ConnectAccountScreen() {
  const flow = useAuthFlow()
  const [state, setState] = useState<RegisterState>('init')
  const [data, setData] = useState<ConnectData | null>(null)
  const [number, setNumber] = useState<{ whatsApp: string; prefix: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<Done | null>(null)
  useLanding(flow, { kinds: ['connect'], onGoogleFailed: () => setState('init') })

  const failed = (message: string) => {
    setError(message)
    setData(null)
    setState('init')
  }

  const startAgain = () => {
    setError(null)
    setData(null)
    setState('init')
  }

  const verify = async (prefix: string, number: string) => {
    setError(null)
    setState('verifying')
    const sent = { whatsApp: withoutSpaces(number), prefix }
    const answer = await accounts('initConnectAccount', sent)
    if (answer.type !== 'success') return failed(answer.message)
    setData(answer.data)
    setNumber(sent)
    setState('connect')
  }

  const register = async () => {
    if (!data || !number) return
    setError(null)
    setState('account_setup')
    const answer = await accounts('registerMember', { ...number, authType: 'emailpw' })
    if (answer.type !== 'success') return failed(answer.message)
    setDone({ kind: answer.confirmation === 'email' ? 'email' : 'signin', message: answer.message })
  }

  // Once the link is sent (or the account is ready) the step is over: nothing keeps spinning.
  const progress = done
    ? null
    : state === 'verifying'
      ? MESSAGES.initiating
      : state === 'account_setup'
        ? MESSAGES.creatingAccount
        : flow.status.progress
  return (
    <AuthCard
      title="Connect your family account"
      lead="Use the WhatsApp number the centre has for you. We will find your family and set up your account."
    >
      <FlowAlerts error={error ?? flow.status.error} info={flow.status.info} progress={progress} />
      {done?.kind === 'email' && data && (
        <CheckEmail email={data.maskedEmail} message={done.message} />
      )}
      {done?.kind === 'signin' && (
        <Text data-testid="connected">
          {done.message} <Anchor href="/signin">Sign in</Anchor>
        </Text>
      )}
      {!done && (state === 'init' || state === 'verifying') && (
        <NumberStep
          busy={state === 'verifying'}
          onSubmit={(prefix, number) => void verify(prefix, number)}
        />
      )}
      {!done && (state === 'connect' || state === 'account_setup') && data && number && (
        <ConnectStep
          data={data}
          number={number}
          busy={state === 'account_setup'}
          onSend={() => void register()}
          onError={(message) => setError(message)}
          onStartAgain={startAgain}
        />
      )}
      <Text size="sm" ta="center">
        Already have an account? <Anchor href="/signin">Sign in</Anchor>
      </Text>
    </AuthCard>
  )
}
