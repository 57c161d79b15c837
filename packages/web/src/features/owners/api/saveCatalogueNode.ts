import type { CertificateSubType, CertificateType, Dimension } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { ownerKeys } from './keys.ts';

/** The three catalogue levels below an owner, as the CertificateTypes calls name them. */
export type CatalogueLevel = 'certificateType' | 'certificateSubType' | 'dimension';

/** The body field that names the parent on POST (spec section 7, "Certificate types"). */
const parentField: Record<CatalogueLevel, 'owner' | 'certificateType' | 'subType'> = {
  certificateType: 'owner',
  certificateSubType: 'certificateType',
  dimension: 'subType',
};

type Saved = CertificateType | CertificateSubType | Dimension;
export type SaveCatalogueNode = { level: CatalogueLevel; name: string } & ({ id: number } | { parentId: number });

/** POST /CertificateTypes/{level} with the parent, or PUT /CertificateTypes/{level}/{id} to rename. */
export function saveCatalogueNode(input: SaveCatalogueNode): Promise<Saved> {
  if ('id' in input) return api.put<Saved>(`/CertificateTypes/${input.level}/${input.id}`, { name: input.name });
  return api.post<Saved>(`/CertificateTypes/${input.level}`, { name: input.name, [parentField[input.level]]: input.parentId });
}

export function useSaveCatalogueNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCatalogueNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}
