import { Button, Menu } from '@mantine/core';
import { type CertificateDetail, certificateEditorEndpoints, messages, plural } from '@portal/contract';
import { IconChevronDown, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { openDeleteConfirm } from '../../../components/openDeleteConfirm.tsx';
import { useWrite } from '../../../lib/api/mutation.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { certificateCopyPath, certificateEditPath, certificatesPath } from '../paths.ts';

/**
 * Edit, Copy (with or without its PDF) and Delete on the certificate page, for users who may open the
 * editor (Certificates level, internal). Delete is confirmed ('Confirm delete' / 'This cannot be
 * undone'); the certificate's equipment stays, unlinked.
 */
export function CertificateActions({ certificate }: { certificate: CertificateDetail }) {
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  const write = useWrite();
  const [deleting, setDeleting] = useState(false);
  if (!canOpen(certificateEditPath(certificate.id))) return null;

  const remove = async () => {
    setDeleting(true);
    try {
      await write(certificateEditorEndpoints.delete, { params: { id: certificate.id } });
      showSuccessToast(`Certificate ${certificate.certificateNumber} was deleted`);
      navigate(certificatesPath, { replace: true });
    } catch (error) {
      showErrorToast(error, 'The certificate could not be deleted');
    } finally {
      setDeleting(false);
    }
  };
  const items = certificate.equipment.length;
  const confirmDelete = () =>
    openDeleteConfirm({
      text: (
        <>
          {messages.cannotBeUndone}. {certificate.certificateNumber} will be deleted
          {items ? `; its ${items === 1 ? 'item stays' : `${plural(items, 'item')} stay`}, unlinked` : ''}.
        </>
      ),
      onConfirm: () => void remove(),
    });

  return (
    <>
      <Button component={Link} to={certificateEditPath(certificate.id)} leftSection={<IconPencil size={16} aria-hidden />}>
        Edit
      </Button>
      {certificate.certificateFile ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              Copy
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={certificateCopyPath(certificate.id)}>
              Copy without the PDF
            </Menu.Item>
            <Menu.Item component={Link} to={certificateCopyPath(certificate.id, true)}>
              Copy with the PDF
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Button
          component={Link}
          to={certificateCopyPath(certificate.id)}
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
        >
          Copy
        </Button>
      )}
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete} loading={deleting}>
        Delete
      </Button>
    </>
  );
}
