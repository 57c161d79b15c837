import { formatNumber } from '@portal/contract';
/**
 * Props for a free-text field with a limit (docs/ui.md "Inputs"): typing stops at the contract's
 * maximum (`maxLength`), and a counter under the field shows how much is used, so nothing is cut off
 * silently. Spread into a TextInput or Textarea: `{...lengthLimit(value, UNLINKED_COMMENT_MAX)}`.
 */
export function lengthLimit(value: string | undefined, max: number) {
  const used = value?.length ?? 0;
  return {
    maxLength: max,
    description: `${formatNumber(used)} of ${formatNumber(max)} characters`,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
}
