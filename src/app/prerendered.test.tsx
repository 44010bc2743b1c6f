import { afterEach, describe, expect, it, vi } from 'vitest'
import { appContainer, appStylesheetsFirst, buttonKeys, fieldKeys, handOver } from './prerendered'

const form = (submitted = false) =>
  `<form${submitted ? ' data-submitted' : ''}>` +
  '<label for="a">E-mail *</label><input id="a" type="email">' +
  '<label for="b">Name</label><input id="b"><input aria-label="Name">' +
  '<input type="checkbox" aria-label="Agree">' +
  '<button type="submit">Continue</button></form>'

function page(submitted = false) {
  document.body.innerHTML =
    `<div id="root" data-prerendered>${form(submitted)}</div>` +
    `<div id="app" hidden>${form()
      .replace(/id="(a|b)"/g, 'id="app-$1"')
      .replace(/for="(a|b)"/g, 'for="app-$1"')}</div>`
  return {
    prerendered: document.getElementById('root')!,
    app: document.getElementById('app')!,
  }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('handing a prerendered page over to the app', () => {
  it('names fields by their label and rank, whatever their ids', () => {
    const { prerendered, app } = page()
    expect([...fieldKeys(prerendered).keys()]).toEqual(['E-mail#0', 'Name#0', 'Name#1', 'Agree#0'])
    expect([...fieldKeys(app).keys()]).toEqual([...fieldKeys(prerendered).keys()])
  })

  it('copies what was typed and ticked, moves focus, and shows the app in its place', () => {
    const { prerendered, app } = page()
    const typed = prerendered.querySelector<HTMLInputElement>('#a')!
    typed.value = 'guardian@demo'
    typed.focus()
    prerendered.querySelector<HTMLInputElement>('[aria-label="Name"]')!.value = 'second'
    prerendered.querySelector<HTMLInputElement>('[type="checkbox"]')!.checked = true
    const onInput = vi.fn()
    app.addEventListener('input', onInput)
    handOver(prerendered, app)
    expect(document.querySelectorAll('[data-prerendered]')).toHaveLength(0)
    expect(app.hidden).toBe(false)
    expect(app.id).toBe('root')
    const email = app.querySelector<HTMLInputElement>('#app-a')!
    expect(email.value).toBe('guardian@demo')
    expect(document.activeElement).toBe(email)
    expect(app.querySelector<HTMLInputElement>('[aria-label="Name"]')!.value).toBe('second')
    expect(app.querySelector<HTMLInputElement>('[type="checkbox"]')!.checked).toBe(true)
    expect(onInput).toHaveBeenCalled()
  })

  it('leaves what the app restored (a draft) in the fields the person did not touch', () => {
    const { prerendered, app } = page()
    prerendered.querySelector<HTMLInputElement>('#b')!.value = 'typed'
    app.querySelector<HTMLInputElement>('#app-a')!.value = 'restored@draft'
    app.querySelector<HTMLInputElement>('[type="checkbox"]')!.checked = true
    handOver(prerendered, app)
    expect(app.querySelector<HTMLInputElement>('#app-a')!.value).toBe('restored@draft')
    expect(app.querySelector<HTMLInputElement>('#app-b')!.value).toBe('typed')
    expect(app.querySelector<HTMLInputElement>('[type="checkbox"]')!.checked).toBe(true)
  })

  it('presses submit again in the app when it was pressed before the app arrived', async () => {
    const { prerendered, app } = page(true)
    prerendered.querySelector<HTMLInputElement>('#a')!.value = 'guardian@demo.school'
    const submitted = new Promise<string>((resolve) =>
      app.querySelector('form')!.addEventListener('submit', (e) => {
        e.preventDefault()
        resolve(app.querySelector<HTMLInputElement>('#app-a')!.value)
      }),
    )
    handOver(prerendered, app)
    await expect(submitted).resolves.toBe('guardian@demo.school')
  })

  it('presses again in the app, in order, the buttons pressed before the app arrived', async () => {
    document.body.innerHTML =
      '<div id="root" data-prerendered><button type="button">Add a child</button>' +
      '<button type="button" aria-label="Help">?</button><button type="button">Add a child</button>' +
      '<button type="submit">Send</button></div><div id="app" hidden></div>'
    const prerendered = document.getElementById('root')!
    const app = document.getElementById('app')!
    // The app adds a child's form on the first press: the second press is on its Save.
    app.innerHTML =
      '<button type="button">Add a child</button><button type="button">Help</button>' +
      '<button type="button">Add a child</button><button type="submit">Send</button>'
    const presses: string[] = []
    app.addEventListener('click', (e) => {
      const button = e.target as HTMLButtonElement
      presses.push(`${button.textContent}@${[...app.querySelectorAll('button')].indexOf(button)}`)
      if (presses.length === 1) app.insertAdjacentHTML('afterbegin', '<button>Save child</button>')
    })
    const [first, help, second, send] = prerendered.querySelectorAll('button')
    first!.setAttribute('data-pressed', '1 4')
    second!.setAttribute('data-pressed', '2')
    send!.setAttribute('data-pressed', '3')
    expect([...buttonKeys(prerendered).keys()]).toEqual([
      'Add a child#0',
      'Help#0',
      'Add a child#1',
    ])
    expect(help).toBeDefined()
    handOver(prerendered, app)
    await vi.waitFor(() => expect(presses).toHaveLength(3))
    // Each press finds its button again after the page changed under it; submit is not a button
    // press (a pending submit is handed over by its form).
    expect(presses).toEqual(['Add a child@0', 'Add a child@3', 'Add a child@1'])
  })

  it('renders straight into the page when it was not prerendered', () => {
    document.body.innerHTML = '<div id="root"></div>'
    const root = document.getElementById('root')!
    expect(appContainer(root, Promise.resolve())).toBe(root)
  })

  it('keeps the prerendered page until the app shows the fields that hold input', async () => {
    document.body.innerHTML = `<div id="root" data-prerendered>${form()}</div>`
    const root = document.getElementById('root')!
    root.querySelector<HTMLInputElement>('#a')!.value = 'typed'
    const app = appContainer(root, Promise.resolve())
    expect(app).not.toBe(root)
    expect(app.hidden).toBe(true)
    app.innerHTML = '<p>Loading</p>'
    await new Promise((r) => setTimeout(r, 120))
    expect(root.isConnected).toBe(true)
    app.innerHTML = form().replace(/"a"/g, '"c"')
    await vi.waitFor(() => expect(root.isConnected).toBe(false))
    expect(app.querySelector<HTMLInputElement>('#c')!.value).toBe('typed')
  })

  it("waits while the page's own call is on its way, then hands over", async () => {
    document.body.innerHTML = `<div id="root" data-prerendered data-busy>${form()}</div>`
    const root = document.getElementById('root')!
    const app = appContainer(root, Promise.resolve())
    app.innerHTML = form().replace(/"a"/g, '"c"')
    await new Promise((r) => setTimeout(r, 150))
    expect(root.isConnected).toBe(true)
    root.removeAttribute('data-busy')
    await vi.waitFor(() => expect(root.isConnected).toBe(false))
    expect(app.hidden).toBe(false)
  })

  it('hands over at once when the app has gone on to another page', async () => {
    history.replaceState(null, '', '/signin')
    document.body.innerHTML = `<div id="root" data-prerendered>${form()}</div>`
    const root = document.getElementById('root')!
    root.querySelector<HTMLInputElement>('#a')!.value = 'typed'
    const app = appContainer(root, Promise.resolve())
    app.innerHTML = '<p>Opening the page…</p>'
    await new Promise((r) => setTimeout(r, 120))
    expect(root.isConnected).toBe(true)
    history.pushState(null, '', '/parents/dash')
    await vi.waitFor(() => expect(root.isConnected).toBe(false))
    expect(app.textContent).toBe('Opening the page…')
    history.replaceState(null, '', '/')
  })
})

describe("the app's stylesheets on a prerendered page", () => {
  it('move from after the markup to the head, in order, before the stylesheets loaded later', () => {
    const doc = document.implementation.createHTMLDocument('page')
    doc.head.innerHTML =
      '<meta charset="utf-8"><style data-critical>.a{}</style><link rel="stylesheet" href="/assets/Tabs.css">'
    doc.body.innerHTML =
      '<div id="root" data-prerendered></div><link rel="stylesheet" href="/assets/index.css">' +
      '<link rel="stylesheet" href="/assets/fonts.css"><style data-mantine-styles="true"></style>'
    appStylesheetsFirst(doc)
    const order = [...doc.head.querySelectorAll('link, style')].map(
      (n) => n.getAttribute('href') ?? n.tagName.toLowerCase(),
    )
    expect(order).toEqual(['/assets/index.css', '/assets/fonts.css', 'style', '/assets/Tabs.css'])
    expect(doc.body.querySelectorAll('link')).toHaveLength(0)
    // The theme's variables stay after everything, as in the app.
    expect(doc.body.querySelector('style[data-mantine-styles]')).not.toBeNull()
  })

  it('leave a page that is not prerendered as it is', () => {
    const doc = document.implementation.createHTMLDocument('page')
    doc.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css"><style>.b{}</style>'
    const before = doc.head.innerHTML
    appStylesheetsFirst(doc)
    expect(doc.head.innerHTML).toBe(before)
  })
})

describe("the prerendered page's own script", () => {
  it('keeps a submit and shows at once that the app is loading, how much has come and about how long is left', async () => {
    const { CAPTURE_SCRIPT } = await import('../../scripts/prerender')
    document.body.innerHTML = `<div id="root" data-prerendered data-app-bytes="20480">${form()}</div>`
    vi.useFakeTimers()
    let arrived = 10_240
    const now = vi.spyOn(performance, 'now').mockReturnValue(5_000)
    const entries = vi.spyOn(performance, 'getEntriesByType').mockImplementation(
      () =>
        [
          { name: 'http://x/assets/index-A.js', transferSize: arrived },
          { name: 'http://x/icons/icon.svg', transferSize: 99_999 },
        ] as unknown as PerformanceEntryList,
    )
    try {
      new Function(CAPTURE_SCRIPT)()
      const submitted = new Event('submit', { cancelable: true, bubbles: true })
      document.querySelector('form')!.dispatchEvent(submitted)
      expect(submitted.defaultPrevented).toBe(true)
      const status = document.querySelector('[role="status"][data-app-loading]')!
      // 10 KiB of 20 in 5 s: 2 KiB a second, so about 5 s for the other 10.
      expect(status.textContent).toBe('Loading the app: 10 of 20 KB, about 5 s left.')
      expect(status.querySelector('progress')).toHaveProperty('value', 50)
      expect(status.querySelector('progress')!.getAttribute('aria-label')).toBe('Loading the app')
      // The button keeps its words; the form is marked for the app to submit again.
      expect(document.querySelector('button')!.textContent).toBe('Continue')
      expect(document.querySelector('form')!.hasAttribute('data-submitted')).toBe(true)
      arrived = 15_360
      now.mockReturnValue(7_500)
      vi.advanceTimersByTime(1_000)
      expect(status.textContent).toBe('Loading the app: 15 of 20 KB, about 3 s left.')
      // A second press does not add a second status.
      document
        .querySelector('form')!
        .dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }))
      expect(document.querySelectorAll('[data-app-loading]')).toHaveLength(1)
    } finally {
      vi.useRealTimers()
      now.mockRestore()
      entries.mockRestore()
    }
  })
})
