import { describe, expect, it } from 'vitest'
import { CAPTURE_SCRIPT, pageHtml, prerenderedFile } from './prerender.ts'

const shell = `<!doctype html><html><head><title>App</title>
<script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>
<link rel="modulepreload" crossorigin href="/assets/Text-BBBBBBBB.js">
<link rel="stylesheet" crossorigin href="/assets/index-CCCCCCCC.css">
</head><body><div id="root"></div></body></html>`

describe('a prerendered page', () => {
  const html = pageHtml(shell, {
    html: '<form><label for="e">E-mail</label><input id="e"></form>',
    title: 'Sign in <here>',
    css: '.x{color:red}</style><script>',
  })

  it('carries its markup, its title and its critical CSS', () => {
    expect(html).toContain('<div id="root" data-prerendered data-app-bytes="0"><form>')
    expect(html).toContain('<title>Sign in &lt;here></title>')
    // CSS text can never close the style element early.
    expect(html).toContain('<style data-critical>.x{color:red}<\\/style><script></style>')
  })

  it("loads the app's scripts and stylesheets after its own markup, which keeps submits", () => {
    const root = html.indexOf('<div id="root"')
    const head = html.slice(0, html.indexOf('</head>'))
    for (const tag of ['index-AAAAAAAA.js', 'Text-BBBBBBBB.js', 'index-CCCCCCCC.css']) {
      expect(head, tag).not.toContain(tag)
      expect(html.indexOf(tag), tag).toBeGreaterThan(root)
    }
    expect(html.indexOf(CAPTURE_SCRIPT)).toBeLessThan(html.indexOf('index-AAAAAAAA.js'))
  })

  it("puts the theme's variables after the app's stylesheets, so its colours win over the defaults", () => {
    const themed = pageHtml(shell, {
      html:
        '<style data-mantine-styles="true">:root{--mantine-color-dimmed:#495057}</style><p>Hi</p>' +
        '<style data-mantine-styles="classes">.a{}</style>',
      title: 'Home',
      css: '',
    })
    const variables = themed.indexOf('--mantine-color-dimmed:#495057')
    expect(themed.match(/--mantine-color-dimmed:#495057/g)).toHaveLength(1)
    expect(variables).toBeGreaterThan(themed.indexOf('index-CCCCCCCC.css'))
    expect(themed).toContain(
      '<div id="root" data-prerendered data-app-bytes="0"><p>Hi</p><style data-mantine-styles="classes">',
    )
  })

  it('names the bytes the app needs for the page', () => {
    const page = pageHtml(shell, { html: '<p>Hi</p>', title: 'Home', css: '', appBytes: 245_760 })
    expect(page).toContain('<div id="root" data-prerendered data-app-bytes="245760"><p>Hi</p>')
  })

  it('keeps more steps inside the page, and runs its own script after the capture script', () => {
    const page = pageHtml(shell, {
      html: '<form></form>',
      title: 'Sign in',
      css: '',
      steps: '<template data-step="signin"><form></form></template>',
      script: 'var s="</script><p>";run(s)',
    })
    const root = page.slice(page.indexOf('<div id="root"'), page.indexOf('</div>') + 6)
    expect(root).toContain('<form></form><template data-step="signin"><form></form></template>')
    const capture = page.indexOf(CAPTURE_SCRIPT)
    const own = page.indexOf('<script>var s="<\\/script><p>";run(s)</script>')
    expect(capture).toBeGreaterThan(0)
    expect(own).toBeGreaterThan(capture)
    // What the capture script offers the page's script: its "Loading the app" status.
    expect(CAPTURE_SCRIPT).toContain('window.__appLoading=w')
  })

  it("asks for the page's later scripts with the entry's, each once and after the markup", () => {
    const page = pageHtml(shell, {
      html: '<p>Hi</p>',
      title: 'Sign in',
      css: '',
      preload: [
        '/assets/index-AAAAAAAA.js',
        '/assets/Text-BBBBBBBB.js',
        '/assets/signin-DDDDDDDD.js',
        '/assets/signin-EEEEEEEE.css',
        '/assets/supabase-FFFFFFFF.js',
      ],
    })
    const root = page.indexOf('<div id="root"')
    const entry = page.indexOf('index-AAAAAAAA.js')
    for (const file of ['signin-DDDDDDDD.js', 'supabase-FFFFFFFF.js']) {
      expect(page, file).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`)
      expect(page.indexOf(file), file).toBeGreaterThan(Math.max(root, entry))
    }
    // Scripts the shell names already, and stylesheets (the app adds them with their screen), are not repeated.
    expect(page.match(/index-AAAAAAAA\.js/g)).toHaveLength(1)
    expect(page.match(/Text-BBBBBBBB\.js/g)).toHaveLength(1)
    expect(page).not.toContain('signin-EEEEEEEE.css')
  })

  it.each([
    ['/', 'prerendered/index.html'],
    ['/signin', 'prerendered/signin/index.html'],
    ['/legal/terms-of-service/', 'prerendered/legal/terms-of-service/index.html'],
  ])('of %s is saved as %s', (path, file) => {
    expect(prerenderedFile(path)).toBe(file)
  })
})
