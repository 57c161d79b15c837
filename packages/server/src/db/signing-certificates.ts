/**
 * The certificate issued PDFs are signed with (issue 25 part 4, decision 076): a PKCS#12 file named by
 * PDF_SIGNING_P12 (its password in PDF_SIGNING_PASSWORD), else the demo's self-signed one, made once
 * when the demo data is loaded and kept in `signing_certificates`, which no backup holds. None of
 * either: issued PDFs are not signed (they still carry their number, QR code and /Verify link).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Executor } from './client.ts';
import { signingCertificates } from './schema.ts';

// node-forge is loaded when a certificate is opened or made, not with the server (docs/performance.md "Memory").
const loadForge = async () => (await import('node-forge')).default;

export interface SigningCertificate {
  p12: Uint8Array;
  passphrase: string;
}

/** Where a deployment's own certificate is, from the environment. */
export interface SigningConfig {
  p12Path: string | undefined;
  password: string | undefined;
}

export const signingConfig = (env: NodeJS.ProcessEnv = process.env): SigningConfig => ({
  p12Path: env.PDF_SIGNING_P12 || undefined,
  password: env.PDF_SIGNING_PASSWORD,
});

// Read once per process: the file or the row does not change while the portal runs.
let loaded: Promise<SigningCertificate | null> | undefined;

/** The certificate to sign with, or null when none is configured and the database has no demo one. */
export function signingCertificate(db: Executor, config: SigningConfig = signingConfig()): Promise<SigningCertificate | null> {
  loaded ??= load(db, config).catch((error: unknown) => {
    loaded = undefined; // a failed read (a busy database) is tried again on the next document
    throw error;
  });
  return loaded;
}

/** Forgets the certificate read (tests that change it). */
export function forgetSigningCertificate() {
  loaded = undefined;
}

async function load(db: Executor, config: SigningConfig): Promise<SigningCertificate | null> {
  if (config.p12Path) return { p12: await readFile(config.p12Path), passphrase: config.password ?? '' };
  const [row] = await db.select().from(signingCertificates).limit(1);
  return row ? { p12: row.p12, passphrase: row.passphrase } : null;
}

/**
 * At start: a configured certificate must open with its password, or the portal does not start (every
 * issued PDF would fail otherwise). Answers the certificate's common name, for the log.
 */
export async function checkSigningConfig(config: SigningConfig = signingConfig()): Promise<string | null> {
  if (!config.p12Path) return null;
  const der = await readFile(config.p12Path).catch((error: unknown) => {
    throw new Error(`PDF_SIGNING_P12 names ${config.p12Path}, which cannot be read: ${(error as Error).message}`);
  });
  const forge = await loadForge();
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString('binary')), false, config.password ?? '');
    const bags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
    return String(bags[0]?.cert?.subject.getField('CN')?.value ?? 'no common name');
  } catch (error) {
    throw new Error(`PDF_SIGNING_P12 (${config.p12Path}) does not open with PDF_SIGNING_PASSWORD: ${(error as Error).message}`);
  }
}

/** Makes the demo's self-signed certificate unless the database has one (two instances starting at once make one). */
export async function ensureDemoSigningCertificate(db: Executor) {
  const [made] = await db.select({ id: signingCertificates.id }).from(signingCertificates).limit(1);
  if (made) return;
  const passphrase = randomBytes(24).toString('base64url');
  await db
    .insert(signingCertificates)
    .values({ id: 1, p12: Buffer.from(await selfSignedP12('Rigging equipment portal (demo)', passphrase)), passphrase })
    .onConflictDoNothing();
}

/**
 * A self-signed certificate for document signing and its key, as a PKCS#12 file. The key comes from
 * node:crypto (forge's JavaScript key generation takes seconds); forge writes the certificate and the
 * PKCS#12 container, which the signer reads.
 */
export async function selfSignedP12(commonName: string, passphrase: string, now = new Date()): Promise<Uint8Array> {
  const forge = await loadForge();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = now;
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Rigging equipment portal' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: '3des', friendlyName: commonName });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
