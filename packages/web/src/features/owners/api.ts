import { type CertificateSubType, type CertificateType, type Dimension, type OwnerBody, ownerEndpoints } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useWrite } from '../../lib/api/mutation.ts';
import type { Nominal } from './components/NameDialog.tsx';

/*
 * Every catalogue write refreshes what the contract declares for it: the /Owners/... lists and names,
 * and every read that names an owner, type, sub-type or dimension (certificates, items, reports...).
 */

/** POST /Owners, or PUT /Owners/{id} when editing. */
export function useSaveOwner() {
  const write = useWrite();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: OwnerBody }) =>
      id === undefined ? write(ownerEndpoints.create, { body }) : write(ownerEndpoints.update, { params: { id }, body }),
  });
}

/** The three catalogue levels below an owner, as the CertificateTypes calls name them. */
export type CatalogueLevel = 'certificateType' | 'certificateSubType' | 'dimension';

/** `nominal`: a dimension's nominal size (absent: unchanged on a rename, read from the name on an add). */
export type SaveCatalogueNode = { level: CatalogueLevel; name: string; nominal?: Nominal } & ({ id: number } | { parentId: number });

/** POST /CertificateTypes/{level} with the parent, or PUT /CertificateTypes/{level}/{id} to rename. */
export function useSaveCatalogueNode() {
  const write = useWrite();
  return useMutation({
    mutationFn: (input: SaveCatalogueNode): Promise<CertificateType | CertificateSubType | Dimension> => {
      const { name, nominal } = input;
      if ('id' in input) {
        const params = { id: input.id };
        if (input.level === 'certificateType') return write(ownerEndpoints.renameType, { params, body: { name } });
        if (input.level === 'certificateSubType') return write(ownerEndpoints.renameSubType, { params, body: { name } });
        return write(ownerEndpoints.renameDimension, { params, body: { name, ...nominal } });
      }
      // The body field that names the parent (spec section 7, "Certificate types").
      if (input.level === 'certificateType') return write(ownerEndpoints.createType, { body: { name, owner: input.parentId } });
      if (input.level === 'certificateSubType')
        return write(ownerEndpoints.createSubType, { body: { name, certificateType: input.parentId } });
      return write(ownerEndpoints.createDimension, { body: { name, subType: input.parentId, ...nominal } });
    },
  });
}
