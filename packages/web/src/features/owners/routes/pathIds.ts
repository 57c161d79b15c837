import { useParams } from 'react-router';

const asId = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** The numeric ids of /Admin/Owners/:ownerId/:typeId/:subTypeId; null where absent or not a number. */
export function useCatalogueIds() {
  const params = useParams();
  return { ownerId: asId(params.ownerId), typeId: asId(params.typeId), subTypeId: asId(params.subTypeId) };
}
