// The page that helps each phone trust the host's HTTPS: /ca offers the centre's authority
// certificate (/ca.crt) with the steps for Android and iPhone and the fingerprint to compare.
// It answers over plain HTTP too, since a phone that does not trust the host yet starts there.
import { Hono } from 'hono'
import type { HostCertificate } from './tls.ts'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The app's address over HTTPS: the same host and port the phone used (both answer there). */
function httpsUrl(host: string | undefined): string {
  return `https://${host ?? 'localhost'}/`
}

export function caRoutes(certificate: HostCertificate): Hono {
  const app = new Hono()
  app.get('/ca.crt', () => {
    return new Response(certificate.caCert, {
      headers: {
        'content-type': 'application/x-x509-ca-cert',
        'content-disposition': 'attachment; filename="learning-centre-ca.crt"',
        'cache-control': 'no-cache',
      },
    })
  })
  app.get('/ca', (c) =>
    c.html(page(certificate, httpsUrl(c.req.header('host'))), 200, { 'cache-control': 'no-cache' }),
  )
  return app
}

function page(certificate: HostCertificate, appUrl: string): string {
  const fp = escape(certificate.caFingerprint)
  const app = escape(appUrl)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trust this centre's app on your phone</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1rem; color: #1f2a22; }
  h1 { font-size: 1.4rem; color: #2f6b3a; }
  h2 { font-size: 1.1rem; margin-top: 1.5rem; }
  a.button { display: inline-block; background: #2f6b3a; color: #fff; padding: .75rem 1.25rem; border-radius: .5rem; text-decoration: none; font-weight: 600; }
  code { font-size: .85rem; word-break: break-all; background: #eef4ef; padding: .25rem .4rem; border-radius: .25rem; display: block; }
  li { margin: .3rem 0; }
</style>
</head>
<body>
<main>
<h1>Trust this centre's app on your phone</h1>
<p>The app on this network is protected by the centre's own certificate. Each phone or tablet
trusts it once; after that the app opens at <a href="${app}">${app}</a>, works offline and can be
added to the home screen.</p>
<p><a class="button" href="/ca.crt" download="learning-centre-ca.crt">Download the certificate</a></p>
<p>Before you trust it, check that the fingerprint your phone shows (SHA-256) is exactly:</p>
<code data-testid="ca-fingerprint">${fp}</code>
<h2>Android</h2>
<ol>
<li>Tap <b>Download the certificate</b> above.</li>
<li>Open <b>Settings</b> and search for <b>CA certificate</b> (often under Security &rarr; More security settings &rarr; Encryption &amp; credentials &rarr; Install a certificate).</li>
<li>Choose <b>CA certificate</b>, tap <b>Install anyway</b>, and pick the downloaded file <b>learning-centre-ca.crt</b>.</li>
<li>Open <a href="${app}">${app}</a> in Chrome.</li>
</ol>
<h2>iPhone and iPad</h2>
<ol>
<li>Open this page in <b>Safari</b> and tap <b>Download the certificate</b>; allow the download of the profile.</li>
<li>Open <b>Settings</b> &rarr; <b>Profile Downloaded</b> (or General &rarr; VPN &amp; Device Management) and tap <b>Install</b> (three times).</li>
<li>Open <b>Settings</b> &rarr; General &rarr; About &rarr; <b>Certificate Trust Settings</b> and turn on full trust for <b>Learning Centre local authority</b>.</li>
<li>Open <a href="${app}">${app}</a> in Safari.</li>
</ol>
<h2>Computers</h2>
<p>Windows: open the downloaded file, <b>Install Certificate</b>, choose <b>Trusted Root Certification Authorities</b>.
Mac: open the file in Keychain Access, double-click the certificate and set <b>When using this certificate</b> to <b>Always Trust</b>.</p>
<p>Only trust this certificate for this centre. If the fingerprint differs, do not install it and tell the office.</p>
</main>
</body>
</html>
`
}
