import { type CertificateSubType, type CertificateType, type Dimension, type OwnerBody, ownerEndpoints } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api/callEndpoint.ts';
import { invalidateEndpoints } from '../../lib/api/endpointQuery.ts';

/**
 * Every catalogue write refreshes every /Owners/... query: the lists and names read there, while the
 * writes below the owner go to /CertificateTypes/....
 */
const catalogueReads = ['Owners'] as const;

/** POST /Owners, or PUT /Owners/{id} when editing. */
export function useSaveOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: OwnerBody }) =>
      id === undefined ? callEndpoint(ownerEndpoints.create, { body }) : callEndpoint(ownerEndpoints.update, { params: { id }, body }),
    onSuccess: () => invalidateEndpoints(queryClient, catalogueReads),
  });
}

/** The three catalogue levels below an owner, as the CertificateTypes calls name them. */
export type CatalogueLevel = 'certificateType' | 'certificateSubType' | 'dimension';

export type SaveCatalogueNode = { level: CatalogueLevel; name: string } & ({ id: number } | { parentId: number });

/** POST /CertificateTypes/{level} with the parent, or PUT /CertificateTypes/{level}/{id} to rename. */
function saveCatalogueNode(input: SaveCatalogueNode): Promise<CertificateType | CertificateSubType | Dimension> {
  const { name } = input;
  if ('id' in input) {
    const params = { id: input.id };
    if (input.level === 'certificateType') return callEndpoint(ownerEndpoints.renameType, { params, body: { name } });
    if (input.level === 'certificateSubType') return callEndpoint(ownerEndpoints.renameSubType, { params, body: { name } });
    return callEndpoint(ownerEndpoints.renameDimension, { params, body: { name } });
  }
  // The body field that names the parent (spec section 7, "Certificate types").
  if (input.level === 'certificateType') return callEndpoint(ownerEndpoints.createType, { body: { name, owner: input.parentId } });
  if (input.level === 'certificateSubType')
    return callEndpoint(ownerEndpoints.createSubType, { body: { name, certificateType: input.parentId } });
  return callEndpoint(ownerEndpoints.createDimension, { body: { name, subType: input.parentId } });
}

export function useSaveCatalogueNode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCatalogueNode, onSuccess: () => invalidateEndpoints(queryClient, catalogueReads) });
}
