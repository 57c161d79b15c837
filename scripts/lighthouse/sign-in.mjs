/** The bearer token of a sign-in through the API, for the measuring scripts of this folder. */
export async function signIn(baseUrl, username, password) {
  const login = await fetch(`${baseUrl}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`Login as ${username} at ${baseUrl} failed: ${login.status} ${await login.text()}`);
  return (await login.json()).token;
}
