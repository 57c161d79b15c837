import { Box, Button, Group, TextInput } from '@mantine/core';
import { messages, registerUserBody, userEndpoints, userMessages } from '@portal/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { zodMessage } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';

/**
 * The add-user field (spec section 2): takes an email. A malformed address, or any refusal by the
 * server, shows 'Could not add the user provided' under the field; the server's answer is toasted too.
 */
export function AddUserForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The add field shows the failure itself.
  const register = useEndpointMutation(userEndpoints.register, { meta: { toastErrors: false } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    // The contract's email rule: any malformed address reads 'Could not add the user provided'.
    const problem = zodMessage(registerUserBody.shape.email, value);
    if (problem) {
      setError(problem);
      return;
    }
    register.mutate(
      { body: { email: value } },
      {
        onSuccess: (user) => {
          setEmail('');
          showSuccessToast(userMessages.userAdded(user.email));
        },
        onError: (failure) => {
          setError(messages.couldNotAddUser);
          showErrorToast(failure, { fieldLabels: { email: 'Email of the new user' } });
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Add user" w={{ base: '100%', sm: 'auto' }}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label="Email of the new user"
          placeholder="Email of the new user"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
          w={{ sm: 280 }}
        />
        <Button type="submit" style={{ flexShrink: 0 }} leftSection={<IconUserPlus size={16} />} loading={register.isPending}>
          Add
        </Button>
      </Group>
    </Box>
  );
}
