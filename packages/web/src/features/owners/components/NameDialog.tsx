import { Group, NativeSelect, TextInput } from '@mantine/core';
import { CATALOGUE_NAME_MAX, type NominalUnit, nominalFromName, nominalProblem } from '@portal/contract';
import { type ChangeEvent, useState } from 'react';
import { EditDialog } from '../../../components/EditDialog.tsx';
import { custom, minimum, parseNumber, useValidatedForm } from '../../../lib/forms/index.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';

/** A dimension's nominal size as saved (contract owners/nominal.ts). */
export interface Nominal {
  nominalSize: number | null;
  nominalUnit: NominalUnit | null;
}

interface NameDialogProps {
  title: string;
  /** What is named ('certificate type'), for the toast: "Certificate type 'Chain' was added". */
  noun: string;
  adding?: boolean;
  initialName: string;
  /** Dimensions only: the nominal size fields, starting from these values. */
  initialNominal?: Nominal;
  onClose: () => void;
  /**
   * Saves the name (and for a dimension the nominal size; undefined when adding with both fields left
   * empty, so the server reads it from the name); a rejected ApiError puts its field message under the field.
   */
  onSave: (name: string, nominal?: Nominal) => Promise<unknown>;
  saving: boolean;
}

const UNIT_CHOICES = [
  { value: '', label: 'Not set' },
  { value: 'mm', label: 'mm' },
  { value: 'in', label: 'in' },
  { value: 't', label: 't' },
  { value: 'none', label: 'No size' },
];

/**
 * Add or rename a certificate type, sub-type or dimension; a dimension also has its nominal size
 * (issue 28 part 2). The spec gives these admin forms no client validation: the server's answer
 * (required, too long, name taken) shows under the field, and in a toast; the size is checked as typed.
 * Mount it per entry (key), so that each opening starts from that entry's name.
 */
export function NameDialog({ title, noun, adding = false, initialName, initialNominal, onClose, onSave, saving }: NameDialogProps) {
  const {
    form,
    onSave: submit,
    showServerErrors,
  } = useValidatedForm({
    initialValues: {
      name: initialName,
      nominalSize: initialNominal?.nominalSize === null || initialNominal === undefined ? '' : String(initialNominal.nominalSize),
      nominalUnit: initialNominal?.nominalUnit ?? '',
    },
    labels: { name: 'Name', nominalSize: 'Nominal size', nominalUnit: 'Unit' },
    rules: {
      nominalSize: [
        minimum('Nominal size', 0, { exclusive: true, message: 'Nominal size must be more than 0' }),
        custom((_, values) => pairMessage(values, 'nominalSize')),
      ],
      nominalUnit: [custom((_, values) => pairMessage(values, 'nominalUnit'))],
    },
  });
  // While the size is the one the name gives (or none), it follows the name as it is typed: renaming
  // '76 mm' to '95 mm' makes it 95 mm. Typing in the size fields ends that.
  const [followsName, setFollowsName] = useState(() => sameNominal(initialNominal, nominalFromName(initialName)));
  const nameInput = form.getInputProps('name');
  const onNameChange = (event: ChangeEvent<HTMLInputElement>) => {
    nameInput.onChange(event);
    if (!initialNominal || !followsName) return;
    const read = nominalFromName(event.currentTarget.value);
    form.setFieldValue('nominalSize', read ? String(read.nominalSize) : '');
    form.setFieldValue('nominalUnit', read?.nominalUnit ?? '');
  };
  const nominalInput = (field: 'nominalSize' | 'nominalUnit') => {
    const input = form.getInputProps(field);
    return {
      ...input,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        setFollowsName(false);
        input.onChange(event);
      },
    };
  };
  const save = submit((values) =>
    onSave(values.name, initialNominal && nominalOf(values, adding))
      .then(() => {
        showSuccessToast(`${noun[0].toUpperCase()}${noun.slice(1)} '${values.name.trim()}' was ${adding ? 'added' : 'saved'}`);
        onClose();
      })
      // Field messages go under the field; any other failure is the query client's red toast.
      .catch(showServerErrors),
  );
  return (
    <EditDialog title={title} onClose={onClose} onSubmit={save} saving={saving}>
      <TextInput label="Name" required data-autofocus maxLength={CATALOGUE_NAME_MAX} {...nameInput} onChange={onNameChange} />
      {initialNominal && (
        <Group grow align="flex-start" mt="sm">
          <TextInput
            label="Nominal size"
            inputMode="decimal"
            description={adding ? "Left empty, '84 mm' gives 84 mm" : 'Reports and criteria read it'}
            {...nominalInput('nominalSize')}
          />
          <NativeSelect label="Unit" data={UNIT_CHOICES} {...nominalInput('nominalUnit')} />
        </Group>
      )}
    </EditDialog>
  );
}

type Values = { nominalSize: string; nominalUnit: string };

const sizeOf = (values: Values) => {
  const size = parseNumber(values.nominalSize);
  return size === null || Number.isNaN(size) ? null : size;
};

/** The contract's rule for the pair (a size needs a unit; none has no size) on `field`, once the size reads as a number. */
function pairMessage(values: Values, field: 'nominalSize' | 'nominalUnit'): string | null {
  if (Number.isNaN(parseNumber(values.nominalSize))) return null;
  const problem = nominalProblem(sizeOf(values), (values.nominalUnit || null) as NominalUnit | null);
  return problem?.field === field ? problem.message : null;
}

/** What to send: both fields, or nothing when adding with both left empty (the server reads the name). */
function nominalOf(values: Values, adding: boolean): Nominal | undefined {
  const nominal = { nominalSize: sizeOf(values), nominalUnit: (values.nominalUnit || null) as NominalUnit | null };
  return adding && nominal.nominalSize === null && nominal.nominalUnit === null ? undefined : nominal;
}

/** Whether the stored size is the one the name gives (both none counts). */
function sameNominal(stored: Nominal | undefined, read: ReturnType<typeof nominalFromName>): boolean {
  if (!stored) return false;
  return (stored.nominalSize ?? null) === (read?.nominalSize ?? null) && (stored.nominalUnit ?? null) === (read?.nominalUnit ?? null);
}
