/**
 * After an unmeasured visit (CACHE=warm), lets what that visit left running finish before the measured
 * load, as it has on a phone opened again later: its requests, and the editor's service worker
 * installing the app's files (features/offline) and taking over. Without this the measured load shared
 * the CPU with that install, and the editor, the one screen that registers the worker, measured
 * 0.3-0.5 s slower and far less evenly (docs/ui.md "Fifth round").
 */
export async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) await navigator.serviceWorker.ready;
  });
  await page.waitForLoadState('networkidle');
}
