import type { TagFileCheck, TagImportResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { tagKeys } from './keys.ts';

const asForm = (file: File) => {
  const body = new FormData();
  body.append('File', file);
  return body;
};

/** POST /EquipmentTags?validate=true: the errors per line or the content; nothing is written. */
export const checkTagFile = (file: File) => api.post<TagFileCheck>('/EquipmentTags', asForm(file), { query: { validate: true } });

/** POST /EquipmentTags: imports every line or none. */
export const importTagFile = (file: File) => api.post<TagImportResult>('/EquipmentTags', asForm(file));

export const useCheckTagFile = () => useMutation({ mutationFn: checkTagFile });

export function useImportTagFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importTagFile, onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }) });
}
