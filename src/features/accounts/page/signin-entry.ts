// The prerendered /signin page's own script (inlined by scripts/prerender.ts after the capture
// script, which offers its "Loading the app" status as window.__appLoading).
import { startSignInPage } from './signin-page'

const root = document.getElementById('root')
const loading = (window as unknown as { __appLoading?: (form: HTMLFormElement) => void })
  .__appLoading
// An e-mailed link's page (confirm, set up) is the app's to show: the page waits for it.
const search = new URLSearchParams(location.search)
if (root?.hasAttribute('data-prerendered') && !search.has('setup') && !search.has('confirm')) {
  startSignInPage(root, {
    fetch: (input, init) => fetch(input, init),
    storage: localStorage,
    win: window,
    showLoading: (form) => loading?.(form),
  })
}
