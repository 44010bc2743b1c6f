// The hand-over from a prerendered page (scripts/prerender.ts) to the app. The app renders into
// a hidden container beside the prerendered markup, which stays on screen and keeps taking
// typing; once the app shows the same page, what the person typed (and where the cursor was) is
// copied into the app's fields, the app is shown in its place, and the buttons and the submit
// pressed meanwhile (the page's inline script marks them) are pressed again in the app.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** How long the prerendered page waits for the app to show its fields before giving way. */
const HANDOVER_LIMIT_MS = 10_000
/**
 * How long it waits, on top, while the page's own call is on its way (the sign-in page's
 * address check or sign-in, `data-busy`): its answer decides which step the app opens on. A
 * backend call gives up after 70 s (core.md §9).
 */
const BUSY_LIMIT_MS = 75_000

/** A field's name in a page: its label (or name, or aria-label) and its rank among namesakes. */
export function fieldKeys(root: ParentNode): Map<string, Field> {
  const keys = new Map<string, Field>()
  const seen = new Map<string, number>()
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field.type === 'hidden') continue
    const name =
      field.labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '').trim() ||
      field.getAttribute('name') ||
      field.getAttribute('aria-label') ||
      field.getAttribute('placeholder') ||
      field.type
    const rank = seen.get(name) ?? 0
    seen.set(name, rank + 1)
    keys.set(`${name}#${rank}`, field)
  }
  return keys
}

/** A page's buttons other than submit, by their text (or aria-label) and rank among namesakes. */
export function buttonKeys(root: ParentNode): Map<string, HTMLButtonElement> {
  const keys = new Map<string, HTMLButtonElement>()
  const seen = new Map<string, number>()
  for (const button of root.querySelectorAll('button')) {
    if (button.type === 'submit') continue
    const name = button.getAttribute('aria-label') || button.textContent?.trim() || ''
    const rank = seen.get(name) ?? 0
    seen.set(name, rank + 1)
    keys.set(`${name}#${rank}`, button)
  }
  return keys
}

/** The keys of the buttons pressed on the prerendered page, in the order they were pressed. */
function pressedInOrder(prerendered: HTMLElement): string[] {
  const presses: { key: string; at: number }[] = []
  for (const [key, button] of buttonKeys(prerendered)) {
    for (const at of (button.getAttribute('data-pressed') ?? '').split(' ')) {
      if (at) presses.push({ key, at: Number(at) })
    }
  }
  return presses.sort((a, b) => a.at - b.at).map((p) => p.key)
}

/**
 * Whether the person changed a prerendered field. An untouched one says nothing: the app's own
 * value stands (a draft the app restored from the device is not wiped by the page's empty field).
 */
export function changedByPerson(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    return field.checked !== field.defaultChecked
  }
  if (field instanceof HTMLSelectElement) {
    const initial = [...field.options].find((o) => o.defaultSelected) ?? field.options[0]
    return field.value !== (initial?.value ?? '')
  }
  return field.value !== field.defaultValue
}

/** Sets a field as a person would, so the app's own state (React's onChange) follows. */
function fill(target: Field, source: Field) {
  if (!changedByPerson(source)) return
  if (
    target instanceof HTMLInputElement &&
    (target.type === 'checkbox' || target.type === 'radio')
  ) {
    if (target.checked !== (source as HTMLInputElement).checked) target.click()
    return
  }
  if (target.value === source.value || target.disabled) return
  if (!(target instanceof HTMLSelectElement) && target.readOnly) return
  const proto = Object.getPrototypeOf(target) as object
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(target, source.value)
  target.dispatchEvent(new Event('input', { bubbles: true }))
  target.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Copies typed values, focus and a pending submit from the prerendered page into the app. */
export function handOver(prerendered: HTMLElement, app: HTMLElement) {
  const before = fieldKeys(prerendered)
  const after = fieldKeys(app)
  const focused = document.activeElement
  let focusTarget: Field | undefined
  const submitted = new Set<HTMLFormElement>()
  const pressed = pressedInOrder(prerendered)
  for (const [key, source] of before) {
    const target = after.get(key)
    if (!target) continue
    fill(target, source)
    if (source === focused) focusTarget = target
    if (source.form?.hasAttribute('data-submitted') && target.form) submitted.add(target.form)
  }
  app.hidden = false
  prerendered.remove()
  app.id = 'root'
  if (focusTarget) {
    focusTarget.focus()
    if (focusTarget instanceof HTMLInputElement && focused instanceof HTMLInputElement) {
      try {
        focusTarget.setSelectionRange(focused.selectionStart, focused.selectionEnd)
      } catch {
        // Fields such as e-mail have no selection to restore.
      }
    }
  }
  // After React has taken in the copied values: the buttons pressed meanwhile, in order (each
  // found again after the one before, which may have changed the page), then a pending submit.
  const next = () => {
    const key = pressed.shift()
    if (key === undefined) submitted.forEach((form) => form.requestSubmit())
    else {
      buttonKeys(app).get(key)?.click()
      setTimeout(next, 0)
    }
  }
  setTimeout(next, 0)
}

/** True once the app shows a field for each field of the prerendered page that holds input. */
function appShowsPage(prerendered: HTMLElement, app: HTMLElement): boolean {
  if (!app.firstElementChild) return false
  const after = fieldKeys(app)
  for (const [key, field] of fieldKeys(prerendered)) {
    const filled = field.value !== '' || field === document.activeElement
    if (filled && !after.has(key)) return false
  }
  return true
}

/**
 * The element the app renders into. On a prerendered page: a hidden one beside it, shown in its
 * place once `ready` has resolved (the router has loaded the page) and the app shows the page,
 * or has gone on to another.
 */
export function appContainer(root: HTMLElement, ready: Promise<unknown>): HTMLElement {
  if (!root.hasAttribute('data-prerendered')) return root
  const app = document.createElement('div')
  app.hidden = true
  root.after(app)
  void ready.then(() => {
    const started = performance.now()
    const path = location.pathname
    let idleSince = started
    const check = () => {
      if (!root.isConnected) return
      // The app went on to another page (a sign-in the page opened, finished): it shows that.
      if (location.pathname !== path) {
        handOver(root, app)
        return
      }
      const now = performance.now()
      // The wait for the app's fields starts again once the page's own call has answered.
      if (root.hasAttribute('data-busy') && now - started < BUSY_LIMIT_MS) {
        idleSince = now
        setTimeout(check, 50)
        return
      }
      if (appShowsPage(root, app) || now - idleSince > HANDOVER_LIMIT_MS) {
        handOver(root, app)
      } else setTimeout(check, 50)
    }
    check()
  })
  return app
}

/**
 * A prerendered page loads the app's own stylesheets after its markup (scripts/prerender.ts), so
 * its first paint waits for nothing; in the app they belong in the head, before the stylesheets
 * of screens loaded later, which build on them (Mantine's tabs on its base button). Moves them
 * there, in order, before the head's first stylesheet.
 */
export function appStylesheetsFirst(doc: Document): void {
  const links = [...doc.body.querySelectorAll('link[rel="stylesheet"]')]
  if (links.length === 0) return
  const first = doc.head.querySelector('link[rel="stylesheet"], style')
  for (const link of links) doc.head.insertBefore(link, first)
}
