// HTTPS on the centre's network: the host's own small certificate authority, made once and kept in
// the data folder, and a server certificate it signs for every name and address a phone on the
// network may use (localhost, the machine's name, its LAN addresses). Each phone trusts the
// authority once (the /ca page), and from then on the app is a secure context there: the service
// worker, offline use and installation work on https://192.168.x.y:3000.
import { createHash, createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { hostname as osHostname, networkInterfaces } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'

export const TLS_DIR = 'tls'
const CA_KEY = 'ca-key.pem'
const CA_CERT = 'ca.crt'
const SERVER_KEY = 'server-key.pem'
const SERVER_CERT = 'server.crt'

/** Apple refuses server certificates valid for longer than 825 days; a year is plenty. */
const SERVER_DAYS = 397
/** Renewed this long before it runs out (the host re-issues it at start). */
const RENEW_DAYS = 30
const CA_YEARS = 10
const CA_NAME = 'Learning Centre local authority'

export interface HostCertificate {
  /** PEM of the server's private key and certificate, for https.createServer. */
  key: string
  cert: string
  /** PEM of the authority's certificate: what each phone installs. */
  caCert: string
  /** SHA-256 of the authority's certificate, `AB:CD:…`, as phones show it. */
  caFingerprint: string
  /** DNS names and IP addresses the server certificate is valid for. */
  names: string[]
  addresses: string[]
  /** Whether this start made a new server certificate (first start, new address, renewal). */
  issued: boolean
}

/**
 * The names and addresses this machine answers to: loopback, its name, every LAN address (not
 * link-local IPv6 ones, which a browser address cannot name without a zone).
 */
export function hostAddresses(): { names: string[]; addresses: string[] } {
  const host = osHostname().toLowerCase()
  const names = ['localhost', host]
  if (host && !host.includes('.')) names.push(`${host}.local`)
  const addresses = ['127.0.0.1', '::1']
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? [])
      if (!a.internal && !/^fe80:/i.test(a.address)) addresses.push(a.address.replace(/%.*$/, ''))
  return { names: unique(names.filter(Boolean)), addresses: unique(addresses) }
}

const unique = (values: string[]) => [...new Set(values)]
const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join()

function newKeyPem(): string {
  // Node's key generation is native and fast; forge's pure-JS one takes seconds.
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string
}

function serial(): string {
  // Positive, 16 random bytes.
  return '01' + forge.util.bytesToHex(forge.random.getBytesSync(15))
}

function makeCa(keyPem: string): string {
  const key = forge.pki.privateKeyFromPem(keyPem)
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  cert.serialNumber = serial()
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + CA_YEARS * 365 * 86_400_000)
  const subject = [
    { name: 'commonName', value: `${CA_NAME} (${osHostname()})` },
    { name: 'organizationName', value: 'Learning Centre' },
  ]
  cert.setSubject(subject)
  cert.setIssuer(subject)
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ])
  cert.sign(key, forge.md.sha256.create())
  return forge.pki.certificateToPem(cert)
}

function makeServerCert(
  caKeyPem: string,
  caCertPem: string,
  keyPem: string,
  names: string[],
  addresses: string[],
): string {
  const caKey = forge.pki.privateKeyFromPem(caKeyPem)
  const ca = forge.pki.certificateFromPem(caCertPem)
  const key = forge.pki.privateKeyFromPem(keyPem)
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  cert.serialNumber = serial()
  cert.validity.notBefore = new Date(Date.now() - 60_000)
  cert.validity.notAfter = new Date(Date.now() + SERVER_DAYS * 86_400_000)
  cert.setSubject([{ name: 'commonName', value: names[1] ?? names[0] ?? 'localhost' }])
  cert.setIssuer(ca.subject.attributes)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        ...names.map((value) => ({ type: 2, value })),
        ...addresses.map((ip) => ({ type: 7, ip })),
      ],
    },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes(),
    },
  ])
  cert.sign(caKey, forge.md.sha256.create())
  return forge.pki.certificateToPem(cert)
}

/** DNS names and IP addresses of a certificate's subjectAltName. */
export function certificateNames(certPem: string): { names: string[]; addresses: string[] } {
  const san = new X509Certificate(certPem).subjectAltName ?? ''
  const names: string[] = []
  const addresses: string[] = []
  for (const part of san.split(/,\s*/)) {
    const [kind, value] = [part.slice(0, part.indexOf(':')), part.slice(part.indexOf(':') + 1)]
    if (kind === 'DNS') names.push(value)
    else if (kind === 'IP Address') addresses.push(normalIp(value))
  }
  return { names, addresses }
}

/** One spelling of an address: Node writes IPv6 in full in subjectAltName (0:0:…:1). */
function normalIp(ip: string): string {
  if (!ip.includes(':')) return ip
  try {
    return new URL(`http://[${ip}]/`).hostname.replace(/^\[|\]$/g, '')
  } catch {
    return ip
  }
}

/** SHA-256 fingerprint of a PEM certificate, as `AB:CD:…`. */
export function fingerprint(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256
}

/** Base64 SHA-256 of a certificate's public key (SPKI), as Chromium's pin lists take it. */
export function spkiHash(certPem: string): string {
  const der = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(der).digest('base64')
}

async function readOr(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch {
    return undefined
  }
}

async function writePrivate(path: string, text: string) {
  await writeFile(path, text, { mode: 0o600 })
  // writeFile's mode applies only when it creates the file.
  await chmod(path, 0o600)
}

/**
 * The host's certificate, from `<dataDir>/tls`: the authority is made on first use and kept; the
 * server certificate is issued again when the names or addresses change or it nears its end.
 */
export async function hostCertificate(
  dataDir: string,
  options: {
    names?: string[]
    addresses?: string[]
    log?: (line: string) => void
  } = {},
): Promise<HostCertificate> {
  const log = options.log ?? (() => {})
  const found = hostAddresses()
  const names = unique(options.names ?? found.names)
  const addresses = unique((options.addresses ?? found.addresses).map(normalIp))
  const dir = join(dataDir, TLS_DIR)
  await mkdir(dir, { recursive: true, mode: 0o700 })

  let caKey = await readOr(join(dir, CA_KEY))
  let caCert = await readOr(join(dir, CA_CERT))
  let madeCa = false
  if (!caKey || !caCert) {
    caKey = newKeyPem()
    caCert = makeCa(caKey)
    await writePrivate(join(dir, CA_KEY), caKey)
    await writeFile(join(dir, CA_CERT), caCert)
    madeCa = true
    log(`made the centre's certificate authority in ${dir}`)
  }
  await chmod(join(dir, CA_KEY), 0o600)

  let key = await readOr(join(dir, SERVER_KEY))
  let cert = await readOr(join(dir, SERVER_CERT))
  if (!key) {
    key = newKeyPem()
    await writePrivate(join(dir, SERVER_KEY), key)
  }
  const reason = madeCa
    ? 'new authority'
    : !cert
      ? 'first start'
      : stale(cert, caCert, key, names, addresses)
  let issued = false
  if (reason) {
    cert = makeServerCert(caKey, caCert, key, names, addresses)
    await writeFile(join(dir, SERVER_CERT), cert)
    issued = true
    log(`issued the HTTPS certificate (${reason}) for ${[...names, ...addresses].join(', ')}`)
  }
  return {
    key,
    cert: cert!,
    caCert,
    caFingerprint: fingerprint(caCert),
    names,
    addresses,
    issued,
  }
}

/** Why the stored server certificate can no longer be used, or undefined when it can. */
function stale(
  cert: string,
  caCert: string,
  key: string,
  names: string[],
  addresses: string[],
): string | undefined {
  let x509: X509Certificate
  try {
    x509 = new X509Certificate(cert)
  } catch {
    return 'unreadable certificate'
  }
  if (!x509.verify(new X509Certificate(caCert).publicKey)) return 'another authority'
  if (!x509.checkPrivateKey(createPrivateKey(key))) return 'another key'
  if (Date.parse(x509.validTo) - Date.now() < RENEW_DAYS * 86_400_000) return 'renewal'
  const has = certificateNames(cert)
  if (!sameSet(has.names, names) || !sameSet(has.addresses, addresses)) return 'new addresses'
  return undefined
}
