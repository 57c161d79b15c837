import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, launchBrowser, newContext, signedInPage, submitLogin } from './browser.ts';

describe('signing in and out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('marks both fields invalid and shows the server message for a wrong password', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // An address no account has: a wrong password for a real one would count towards its lock-out.
    await submitLogin(page, 'nobody@demo.example', 'not-the-password');

    await page.getByText('The username or password is incorrect').waitFor();
    expect(await page.locator('input[name=username]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('input[name=password]').getAttribute('aria-invalid')).toBe('true');
    await expectPath(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await context.close();
  });

  it('asks for both fields before calling the server', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/Account/Login')) loginCalls += 1;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(loginCalls).toBe(0);
    await context.close();
  });

  it('sends a Report user to /Reports without search box or Events link', async () => {
    const page = await signedInPage(browser, 'report@demo.example', { home: '/Reports' });
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'User menu for report@demo.example' }).waitFor();
    expect(await page.getByRole('search').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Events', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Help', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).isVisible()).toBe(true);

    // The events list itself sends external users away too.
    await page.goto('/Events');
    await expectPath(page, '/Reports');
    await page.context().close();
  });

  it('logs out to the login page, after which a protected page asks to sign in again', async () => {
    const page = await signedInPage(browser, 'events@demo.example');

    await page.getByRole('button', { name: 'User menu for events@demo.example' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expectPath(page, '/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();

    await page.goto('/Events');
    await expectPath(page, '/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('shows page not found for an unknown route, signed in or not', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/404');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/401');
    await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await context.close();
  });
});
