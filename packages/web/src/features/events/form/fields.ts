/** The event form's values, labels, rules (spec section 5) and the bodies POST and PUT /Events take. */
import { EVENT_COMMENT_MAX, EVENT_TEXT_MAX, type EventScaffolding, eventFormMessages, messages } from '@portal/contract';
import {
  calendarDate,
  custom,
  isBlank,
  maxLength,
  parseDate,
  parseNumber,
  required,
  typedDate,
  type Validator,
  validatorMessages,
} from '../../../lib/forms/index.ts';

export interface EventFormValues {
  /** Select values are ids as text; the type starts at the placeholder '-1'. */
  type: string;
  rig: string | null;
  referenceNo: string | null;
  eventLocation: string;
  /** As typed (DD.MM.YYYY, see DateField); sent as YYYY-MM-DD. */
  eventDate: string;
  ahv: string;
  comment: string;
  documentNo: string;
  responsible: string;
  company: string;
  isRenewal: boolean;
  resetAge: boolean;
  /** As typed: a comma or a dot as decimal separator. */
  ageAtReset: string;
  createWithEquipment: boolean;
}

export const eventFieldLabels: Record<keyof EventFormValues | 'fileId', string> = {
  type: 'Event type',
  rig: 'Rig',
  referenceNo: 'Project',
  eventLocation: 'Location',
  eventDate: 'Event date',
  ahv: 'AHV',
  comment: 'Other info',
  documentNo: 'Document No',
  responsible: 'Responsible',
  company: 'Company',
  isRenewal: 'Renewal',
  resetAge: 'Reset age',
  ageAtReset: 'Age at reset',
  createWithEquipment: 'Create with equipment',
  fileId: 'PDF',
};

export function formValuesOf(scaffolding: EventScaffolding): EventFormValues {
  const v = scaffolding.values;
  const id = (value: number | null) => (value && value > 0 ? String(value) : null);
  return {
    type: String(v.type > 0 ? v.type : -1),
    rig: id(v.rig),
    referenceNo: id(v.referenceNo),
    eventLocation: v.eventLocation ?? '',
    eventDate: typedDate(v.eventDate),
    ahv: v.ahv ?? '',
    comment: v.comment ?? '',
    documentNo: v.documentNo ?? '',
    responsible: v.responsible ?? '',
    company: v.company ?? '',
    isRenewal: v.isRenewal,
    resetAge: v.resetAge,
    ageAtReset: v.ageAtReset === null ? '' : String(v.ageAtReset),
    createWithEquipment: false,
  };
}

/** The fields both POST and PUT send (the caller adds type or version, the file and the copy's choice). */
export function fieldsBody(values: EventFormValues, fileId: number | null) {
  const text = (value: string) => value.trim() || null;
  const ageAtReset = values.resetAge && !values.isRenewal ? parseNumber(values.ageAtReset) : null;
  return {
    rig: Number(values.rig),
    referenceNo: Number(values.referenceNo),
    eventLocation: text(values.eventLocation),
    eventDate: parseDate(values.eventDate) ?? '',
    ahv: text(values.ahv),
    comment: text(values.comment),
    documentNo: text(values.documentNo),
    responsible: text(values.responsible),
    company: text(values.company),
    isRenewal: values.isRenewal,
    resetAge: values.isRenewal ? false : values.resetAge,
    ageAtReset,
    fileId,
  };
}

const ageRule: Validator<string, EventFormValues> = custom((value: string, values: EventFormValues) => {
  if (!values.resetAge || values.isRenewal) return null;
  if (isBlank(value)) return eventFormMessages.ageAtResetRequired;
  // parseNumber answers NaN for text that is no number ('abc'); it must never reach the server as null.
  const number = parseNumber(value);
  if (number === null || Number.isNaN(number)) return validatorMessages.notANumber('Age at reset');
  return number < 0 || number > 100 ? eventFormMessages.ageAtResetRange : null;
});

export const eventFieldRules = {
  // Spec section 5: the placeholder -1 gives 'Event type is required'.
  type: [required('Event type', { message: messages.eventTypeRequired, emptyValues: ['-1'] })],
  rig: [required('Rig')],
  referenceNo: [required('Project')],
  eventDate: [required('Event date'), calendarDate('Event date')],
  ageAtReset: [ageRule],
  eventLocation: [maxLength('Location', EVENT_TEXT_MAX)],
  ahv: [maxLength('AHV', EVENT_TEXT_MAX)],
  documentNo: [maxLength('Document No', EVENT_TEXT_MAX)],
  responsible: [maxLength('Responsible', EVENT_TEXT_MAX)],
  company: [maxLength('Company', EVENT_TEXT_MAX)],
  comment: [maxLength('Other info', EVENT_COMMENT_MAX)],
};
