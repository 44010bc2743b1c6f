// Mantine's per-component styles, in the order its docs require: the base buttons, paper and
// popover first, because the components built on them override their rules. Only components
// on the first screens have their styles here; the others' come with the screens that use them
// (the notifications' with their container, src/app/notifications-container.tsx).
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/VisuallyHidden.css'
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Group.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/ActionIcon.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/Anchor.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Container.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/Title.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { Providers } from './app/providers'
import { createAppRouter } from './app/router'
import { createSessionAuthSource } from './lib/auth/session'
import { registerServiceWorker } from './app/pwa'
import { appContainer, appStylesheetsFirst } from './app/prerendered'
import { connectSignOut, openDatabaseEarly } from './db/open-early'
import './app/route-meta'
import { APPLICATION_QUEUE_KEY } from '@sync/rules/admissions/submit-queue'
import { takeChunkReloads } from './lib/app-status/reload-guard'

// Before any screen's code is asked for: the app, not the router, reloads for a failed chunk.
takeChunkReloads(window, sessionStorage)
appStylesheetsFirst(document)
connectSignOut()
const auth = createSessionAuthSource()
const router = createAppRouter(auth)
openDatabaseEarly(auth.snapshot(), location.pathname)
// An application left on this device unsent (no network, the tab closed) goes on any visit.
if (localStorage.getItem(APPLICATION_QUEUE_KEY)) {
  void import('./features/admissions/logic/send-application').then((m) =>
    m.sendLeftoverApplications(),
  )
}
const rendered = new Promise((resolve) => {
  const stop = router.subscribe('onRendered', () => {
    stop()
    resolve(null)
  })
})

createRoot(appContainer(document.getElementById('root')!, rendered)).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)

registerServiceWorker(auth)
