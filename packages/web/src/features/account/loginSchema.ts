/** The login body alone, for the login form's rules to load it (and zod) lazily (decision 043). */
export { loginBody } from '@portal/contract';
