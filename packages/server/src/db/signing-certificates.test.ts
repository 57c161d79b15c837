/** The signing certificate's start-up check (decision 076): a configured file must open with its password. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSigningConfig, selfSignedP12 } from './signing-certificates.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'signing-'));
const file = path.join(folder, 'portal.p12');
writeFileSync(file, await selfSignedP12('Nordic Rope Survey AS documents', 'right password'));

describe('checkSigningConfig', () => {
  it('answers the common name of a certificate that opens, and null when none is configured', async () => {
    expect(await checkSigningConfig({ p12Path: file, password: 'right password' })).toBe('Nordic Rope Survey AS documents');
    expect(await checkSigningConfig({ p12Path: undefined, password: undefined })).toBeNull();
  });

  it('refuses a wrong password and a missing file, naming the variable', async () => {
    await expect(checkSigningConfig({ p12Path: file, password: 'wrong' })).rejects.toThrow(/does not open with PDF_SIGNING_PASSWORD/);
    await expect(checkSigningConfig({ p12Path: path.join(folder, 'missing.p12'), password: '' })).rejects.toThrow(
      /PDF_SIGNING_P12 names .*missing\.p12, which cannot be read/,
    );
  });
});
