import type { CDPSession, Page } from 'playwright-core';

/**
 * A keyboard-wedge RFID reader, the one way the journeys scan (spec sections 1 and 9): it types a code
 * key by key into whatever has focus, `\n` and `\t` as Enter and Tab (a burst's separators, like `,`).
 *
 * A reader's keys are a few ms apart, and the app times a scan by the keys' own time stamps
 * (lib/keyboardScanner.ts: 16 characters within 1300 ms). Playwright's typing stamps each key when the
 * browser gets it, one round trip after the last, so on a busy machine a 16-key code could take longer
 * than the window and be dropped. Here each key goes through the browser's input pipeline as a real key
 * press (trusted keydown, keypress, input and keyup, with the default actions: text into a field, Tab
 * moving focus unless the page stops it), stamped KEY_MS after the one before as the reader's hardware
 * stamps it, and all keys of a call are sent at once, as a reader's burst arrives.
 */
const KEY_MS = 4;

interface Key {
  key: string;
  code: string;
  keyCode: number;
  text?: string;
}

function keyFor(char: string): Key {
  if (char === '\n') return { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' };
  if (char === '\t') return { key: 'Tab', code: 'Tab', keyCode: 9 };
  if (char === ',') return { key: ',', code: 'Comma', keyCode: 188, text: ',' };
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, keyCode: char.charCodeAt(0), text: char };
  const upper = char.toUpperCase();
  if (/^[A-Z]$/.test(upper)) return { key: char, code: `Key${upper}`, keyCode: upper.charCodeAt(0), text: char };
  throw new Error(`A reader does not send ${JSON.stringify(char)}: chip codes are letters and digits`);
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();
/** Each page's last key stamp (ms since the epoch): a later call's keys come after it. */
const lastStamp = new WeakMap<Page, number>();

export async function scan(page: Page, text: string): Promise<void> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  const cdp = await session;
  let at = Math.max(Date.now(), (lastStamp.get(page) ?? 0) + KEY_MS);
  const sent: Promise<unknown>[] = [];
  for (const char of text) {
    const { key, code, keyCode, text: typed } = keyFor(char);
    const common = { key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
    // CDP takes seconds since the epoch; the page's event.timeStamp follows it.
    const down = typed ? { type: 'keyDown' as const, text: typed, unmodifiedText: typed } : { type: 'rawKeyDown' as const };
    sent.push(cdp.send('Input.dispatchKeyEvent', { ...common, ...down, timestamp: at / 1000 }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { ...common, type: 'keyUp', timestamp: (at + 1) / 1000 }));
    at += KEY_MS;
  }
  lastStamp.set(page, at);
  await Promise.all(sent);
}
