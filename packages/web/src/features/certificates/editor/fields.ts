/** The certificate's own fields in the form (spec section 3), their labels and rules from the contract. */
import { type CertificateDetail, certificateFields, type LabelColor, labelColors } from '@portal/contract';
import { calendarDate, parseDate, typedDate, type Validator, zodRules, zodValidator } from '../../../lib/forms/index.ts';

export interface FieldValues {
  /** Select values are ids as text; null until chosen. */
  ownerId: string | null;
  typeId: string | null;
  subTypeId: string | null;
  dimensionId: string | null;
  certificateNumber: string;
  manufacturer: string;
  quality: string;
  certifiedToCode: string;
  /** As typed (DD.MM.YYYY, see DateField); sent as YYYY-MM-DD, blank as null. */
  dateSigned: string;
  certificateIssuedBy: string;
  otherInformation: string;
  color: LabelColor;
}

export const fieldLabels = {
  ownerId: 'Owner',
  typeId: 'Type',
  subTypeId: 'Sub-type',
  dimensionId: 'Dimension',
  certificateNumber: 'Certificate No',
  manufacturer: 'Manufacturer',
  quality: 'Quality',
  certifiedToCode: 'Certified to code',
  dateSigned: 'Date signed',
  certificateIssuedBy: 'Issued by',
  otherInformation: 'Other information',
  color: 'Colour',
  fileId: 'PDF',
  equipment: 'Equipment',
} as const;

const asColor = (color: string): LabelColor => ((labelColors as readonly string[]).includes(color) ? (color as LabelColor) : 'none');

export function valuesOf(certificate: CertificateDetail | null): FieldValues {
  const id = (value: number | undefined) => (value ? String(value) : null);
  return {
    ownerId: id(certificate?.ownerId),
    typeId: id(certificate?.typeId),
    subTypeId: id(certificate?.subTypeId),
    dimensionId: id(certificate?.dimensionId),
    certificateNumber: certificate?.certificateNumber ?? '',
    manufacturer: certificate?.manufacturer ?? '',
    quality: certificate?.quality ?? '',
    certifiedToCode: certificate?.certifiedToCode ?? '',
    dateSigned: typedDate(certificate?.dateSigned),
    certificateIssuedBy: certificate?.certificateIssuedBy ?? '',
    otherInformation: certificate?.otherInformation ?? '',
    color: asColor(certificate?.color ?? 'none'),
  };
}

/** The fields as POST and PUT /Certificates take them (the file and the rows are added by the caller). */
export function fieldsBody(values: FieldValues) {
  const text = (value: string) => value.trim() || null;
  return {
    ownerId: Number(values.ownerId),
    typeId: Number(values.typeId),
    subTypeId: Number(values.subTypeId),
    dimensionId: Number(values.dimensionId),
    certificateNumber: values.certificateNumber.trim(),
    manufacturer: text(values.manufacturer),
    quality: text(values.quality),
    certifiedToCode: text(values.certifiedToCode),
    dateSigned: parseDate(values.dateSigned),
    certificateIssuedBy: text(values.certificateIssuedBy),
    otherInformation: text(values.otherInformation),
    color: values.color,
  };
}

/** A select holds the id as text: the contract's rule reads it as the number it sends. */
const idRule = (field: 'ownerId' | 'typeId' | 'subTypeId' | 'dimensionId'): Validator[] => {
  const check = zodValidator(certificateFields.shape[field]);
  return [(value: string | null, values, signal) => check(value ? Number(value) : undefined, values, signal)];
};

export const fieldRules = {
  ownerId: idRule('ownerId'),
  typeId: idRule('typeId'),
  subTypeId: idRule('subTypeId'),
  dimensionId: idRule('dimensionId'),
  ...zodRules(certificateFields, [
    'certificateNumber',
    'manufacturer',
    'quality',
    'certifiedToCode',
    'certificateIssuedBy',
    'otherInformation',
  ]),
  dateSigned: [calendarDate(fieldLabels.dateSigned)],
};

/** Changing a level of the catalogue clears the levels under it (spec section 4). */
export function chooseCatalogue(level: 'ownerId' | 'typeId' | 'subTypeId' | 'dimensionId', value: string | null): Partial<FieldValues> {
  switch (level) {
    case 'ownerId':
      return { ownerId: value, typeId: null, subTypeId: null, dimensionId: null };
    case 'typeId':
      return { typeId: value, subTypeId: null, dimensionId: null };
    case 'subTypeId':
      return { subTypeId: value, dimensionId: null };
    case 'dimensionId':
      return { dimensionId: value };
  }
}
