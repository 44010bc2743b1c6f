import { useEffect, useState } from 'react'
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { isChunkLoadError, reloadForChunk } from '@/lib/app-status/reload-guard'
import { NotFound } from './not-found'

export interface RouteErrorProps {
  error: unknown
  path: string
  /** True for a failed route validation (search or path parameters). */
  validationFailed: boolean
  /** Where the 404 screen's "Get back to Homepage" leads (a signed-in person's dashboard). */
  home?: string
}

/**
 * Errors while loading a route. Failed validation is a 404; a lazy chunk that could not be
 * fetched (a new build replaced it, or the network dropped) reloads the page once, and offline
 * only once the connection is back: a reload while offline would show the browser's offline page.
 */
export function RouteError({ error, path, validationFailed, home }: RouteErrorProps) {
  const chunk = isChunkLoadError(error)
  const [reloading, setReloading] = useState(chunk)
  const { online } = useNetwork()
  useEffect(() => {
    if (!chunk) return
    const deps = { now: Date.now, storage: sessionStorage, reload: () => location.reload() }
    const reloaded = reloadForChunk(error, deps, {
      online: () => navigator.onLine,
      addEventListener: (type, listener, options) =>
        window.addEventListener(type, listener, options),
    })
    // A reload refused (offline, or by the loop guard) leaves the person an explanation.
    if (!reloaded) void Promise.resolve().then(() => setReloading(false))
  }, [chunk, error])
  if (validationFailed) return <NotFound path={path} home={home} />
  if (reloading) return null
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Something went wrong</Title>
        <Alert color="red" title={chunk ? 'Part of the app could not be loaded' : 'Error'}>
          <Text size="sm">
            {chunk
              ? online
                ? 'Check your connection and reload the page.'
                : 'You are offline, and this part of the app is not on this device yet. It opens by itself when the connection is back.'
              : error instanceof Error
                ? error.message
                : String(error)}
          </Text>
        </Alert>
        <Button onClick={() => location.reload()} w="fit-content" disabled={chunk && !online}>
          Reload
        </Button>
      </Stack>
    </Container>
  )
}
