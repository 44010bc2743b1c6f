// HTTPS on the centre's network: the host's own authority is made once (key readable only by its
// owner), the server certificate it signs names localhost and every LAN address, is kept across
// restarts and issued again when an address changes; the host serves HTTPS and, on the same port,
// the /ca page over plain HTTP.
import { X509Certificate } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startHost } from '../../supabase/local/server.ts'
import { certificateNames, hostAddresses, hostCertificate } from '../../supabase/local/tls.ts'

const dirs: string[] = []
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'host-tls-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

function get(url: string, ca?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const request = url.startsWith('https:') ? httpsRequest : httpRequest
      const req = request(url, { ca }, (res) => {
        let body = ''
        res.on('data', (d: Buffer) => (body += d.toString()))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    },
  )
}

describe('the host certificate', () => {
  it('is signed by the centre authority for localhost and the LAN addresses, kept and re-issued', async () => {
    const dir = await tempDir()
    const lan = ['127.0.0.1', '::1', '192.168.1.5']
    const first = await hostCertificate(dir, { names: ['localhost', 'office-pc'], addresses: lan })
    expect(first.issued).toBe(true)
    const cert = new X509Certificate(first.cert)
    const ca = new X509Certificate(first.caCert)
    expect(cert.verify(ca.publicKey)).toBe(true)
    expect(cert.checkIssued(ca)).toBe(true)
    expect(ca.ca).toBe(true)
    expect(certificateNames(first.cert)).toEqual({
      names: ['localhost', 'office-pc'],
      addresses: lan,
    })
    expect((await stat(join(dir, 'tls', 'ca-key.pem'))).mode & 0o777).toBe(0o600)
    expect((await stat(join(dir, 'tls', 'server-key.pem'))).mode & 0o777).toBe(0o600)
    expect(first.caFingerprint).toBe(ca.fingerprint256)

    // A restart with the same addresses uses the same certificate.
    const again = await hostCertificate(dir, { names: ['localhost', 'office-pc'], addresses: lan })
    expect(again.issued).toBe(false)
    expect(again.cert).toBe(first.cert)

    // A new address: a new certificate from the same authority.
    const moved = await hostCertificate(dir, {
      names: ['localhost', 'office-pc'],
      addresses: ['127.0.0.1', '::1', '10.0.0.7'],
    })
    expect(moved.issued).toBe(true)
    expect(moved.caCert).toBe(first.caCert)
    expect(certificateNames(moved.cert).addresses).toContain('10.0.0.7')
    expect(certificateNames(moved.cert).addresses).not.toContain('192.168.1.5')
    expect(new X509Certificate(moved.cert).verify(ca.publicKey)).toBe(true)
  })

  it('names the machine’s own LAN addresses by default', async () => {
    const dir = await tempDir()
    const made = await hostCertificate(dir)
    const { addresses } = certificateNames(made.cert)
    expect(addresses).toEqual(expect.arrayContaining(hostAddresses().addresses))
    expect(addresses).toContain('127.0.0.1')
    expect(certificateNames(made.cert).names).toContain('localhost')
  })
})

describe('the host over HTTPS', () => {
  it('serves the app over https and the /ca page and certificate over plain http on one port', async () => {
    const dir = await tempDir()
    const host = await startHost({ memory: true, dataDir: dir, https: true, port: 0, seed: false })
    try {
      expect(host.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
      const ca = host.certificate!.caCert
      const health = await get(`${host.url}/auth/v1/health`, ca)
      expect(health.status).toBe(200)
      const plain = host.url.replace('https:', 'http:')
      const redirect = await get(`${plain}/signin?x=1`)
      expect(redirect.status).toBe(308)
      expect(redirect.headers.location).toBe(`${host.url}/signin?x=1`)
      const page = await get(`${plain}/ca`)
      expect(page.status).toBe(200)
      expect(page.body).toContain(host.certificate!.caFingerprint)
      expect(page.body).toMatch(/Android/)
      expect(page.body).toMatch(/iPhone/)
      const crt = await get(`${plain}/ca.crt`)
      expect(crt.headers['content-type']).toBe('application/x-x509-ca-cert')
      expect(crt.body).toBe(ca)
      expect((await get(`${host.url}/ca.crt`, ca)).body).toBe(ca)
    } finally {
      await host.stop()
    }
  })
})
