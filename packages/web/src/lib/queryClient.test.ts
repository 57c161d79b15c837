import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/ApiError.ts';
import { createQueryClient } from './queryClient.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const fail = (error: unknown, meta?: { toastErrors?: boolean }) =>
  createQueryClient()
    .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(error), retry: false, meta })
    .catch(() => undefined);

describe('failed data loads', () => {
  afterEach(() => show.mockReset());

  it('show a red toast with the server message', async () => {
    await fail(new ApiError({ url: '/api/Events', status: 500, body: { message: 'Database is down', correlationId: 'c' } }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Internal Server Error', message: 'Database is down' }),
    );
  });

  it("show 'N Problems found' for a validation body, keeping every field message", async () => {
    await fail(
      new ApiError({
        url: '/api/Events',
        status: 400,
        body: { message: 'Invalid', errors: { rig: ['Rig is required'], page: ['Too big', 'Not a number'] }, correlationId: 'c' },
      }),
    );
    const toast = show.mock.calls[0][0];
    expect(toast.title).toBe('3 Problems found');
    const rendered = JSON.stringify(toast.message, (_key, value) => (typeof value === 'function' ? undefined : value));
    expect(rendered).toContain('"errors":{"rig":["Rig is required"],"page":["Too big","Not a number"]}');
  });

  it('stay quiet for a 401 (the login page takes over) and when the screen handles the error', async () => {
    await fail(new ApiError({ url: '/api/Events', status: 401 }));
    await fail(new ApiError({ url: '/api/Events', status: 500 }), { toastErrors: false });
    expect(show).not.toHaveBeenCalled();
  });

  it("name an unreachable server 'API Offline'", async () => {
    await fail(new ApiError({ url: '/api/Events', status: 0, message: 'The server cannot be reached.' }));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'API Offline', message: 'The server cannot be reached.' }));
  });
});

describe('failed saves', () => {
  afterEach(() => show.mockReset());

  const failSave = (error: unknown) => {
    const client = createQueryClient();
    return client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(error) })
      .execute(undefined)
      .catch(() => undefined);
  };

  it('leave a validation body to the form (one toast, with field labels), and toast anything else', async () => {
    await failSave(new ApiError({ url: '/api/Owners', status: 400, body: { message: 'Invalid', errors: { name: ['Taken'] } } }));
    expect(show).not.toHaveBeenCalled();
    await failSave(new ApiError({ url: '/api/Owners', status: 500, body: { message: 'Database is down' } }));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Internal Server Error', message: 'Database is down' }));
  });
});
