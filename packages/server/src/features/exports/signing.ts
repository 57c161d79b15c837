/**
 * What an issued PDF's signature says besides the certificate (decision 076). Apart from
 * pdf-signature.ts, which runs in the PDF worker and brings @signpdf with it: the routes only need this.
 */
import type { IssuedDocument } from '../../db/issued-documents.ts';
import type { SigningCertificate } from '../../db/signing-certificates.ts';

/** The certificate, why the document is signed, and where it can be checked. */
export interface Signing extends SigningCertificate {
  reason: string;
  contactInfo: string;
}

/** The signature of an issued document: it names the document and where to check it. */
export const issuedSigning = (certificate: SigningCertificate, issued: IssuedDocument): Signing => ({
  ...certificate,
  reason: `Document ${issued.documentNumber}, issued by the rigging equipment portal`,
  contactInfo: issued.link,
});
