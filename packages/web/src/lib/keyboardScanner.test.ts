// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScanBuffer, SCAN_TARGET_ATTRIBUTE, type ScanEvent, useKeyboardScanner } from './keyboardScanner.ts';
import { readerOwnsKey } from './scanMode.ts';

const CODE_A = 'A1B2C3D4E5F60718';
const CODE_B = 'FFEE00112233AABB';

/** Feeds `text` one character every `gapMs`, starting at `start`; answers the scans it produced. */
function feed(buffer: ReturnType<typeof createScanBuffer>, text: string, gapMs: number, start = 0) {
  const scans: string[] = [];
  [...text].forEach((char, i) => {
    const code = buffer.push(char, start + i * gapMs);
    if (code) scans.push(code);
  });
  return scans;
}

describe('createScanBuffer', () => {
  it('takes 16 characters typed at scanner speed as one scan', () => {
    expect(feed(createScanBuffer(), CODE_A, 10)).toEqual([CODE_A]);
  });

  it('does not take a person typing 150 ms apart as a scan', () => {
    expect(feed(createScanBuffer(), `${CODE_A}${CODE_B}`, 150)).toEqual([]);
  });

  it('takes 16 characters that just fit the 1300 ms window, not ones that miss it', () => {
    // 15 gaps of 86 ms = 1290 ms; 15 gaps of 87 ms = 1305 ms.
    expect(feed(createScanBuffer(), CODE_A, 86)).toEqual([CODE_A]);
    expect(feed(createScanBuffer(), CODE_A, 87)).toEqual([]);
  });

  it('lands several scans in a row each as their own code', () => {
    expect(feed(createScanBuffer(), `${CODE_A}${CODE_B}${CODE_A}`, 5)).toEqual([CODE_A, CODE_B, CODE_A]);
  });

  it('starts afresh when a slow keystroke falls outside the window', () => {
    const buffer = createScanBuffer();
    expect(feed(buffer, 'xyz', 150)).toEqual([]);
    expect(feed(buffer, CODE_B, 10, 5_000)).toEqual([CODE_B]);
  });
});

describe('useKeyboardScanner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const KEY_NAMES: Record<string, string> = { '\n': 'Enter', '\t': 'Tab' };

  /**
   * Types like a keyboard: each key press is dispatched `gapMs` after the previous one (its time stamp
   * moves on); '\n' and '\t' press Enter and Tab. Answers whether each key reached the target.
   */
  function type(target: HTMLElement, text: string, gapMs: number): boolean[] {
    const reached: boolean[] = [];
    for (const char of text) {
      vi.advanceTimersByTime(gapMs);
      const event = new KeyboardEvent('keydown', { key: KEY_NAMES[char] ?? char, bubbles: true, cancelable: true });
      let arrived = false;
      const mark = () => {
        arrived = true;
      };
      target.addEventListener('keydown', mark);
      target.dispatchEvent(event);
      target.removeEventListener('keydown', mark);
      reached.push(arrived && !event.defaultPrevented);
    }
    return reached;
  }

  function listen(enabled = true, scanMode = false) {
    const scans: ScanEvent[] = [];
    const claims = scanMode ? readerOwnsKey : undefined;
    const hook = renderHook(({ on }) => useKeyboardScanner((scan) => scans.push(scan), { enabled: on, claims }), {
      initialProps: { on: enabled },
    });
    return { scans, hook };
  }

  it('reports scans typed on the page, each one separately', () => {
    const { scans } = listen();
    type(document.body, `${CODE_A}${CODE_B}`, 10);
    expect(scans.map((s) => s.code)).toEqual([CODE_A, CODE_B]);
  });

  it('ignores a person typing on the page', () => {
    const { scans } = listen();
    type(document.body, CODE_A, 150);
    expect(scans).toEqual([]);
  });

  it('leaves fast typing into an ordinary field alone and counts a scan target', () => {
    const field = document.body.appendChild(document.createElement('input'));
    const chipField = document.body.appendChild(document.createElement('input'));
    chipField.setAttribute(SCAN_TARGET_ATTRIBUTE, '');
    const { scans } = listen();
    expect(type(field, CODE_A, 10).every(Boolean)).toBe(true);
    expect(scans).toEqual([]);
    expect(type(chipField, CODE_B, 10).every(Boolean)).toBe(true);
    expect(scans).toEqual([{ code: CODE_B, target: chipField }]);
  });

  it('separates codes in a burst by Enter, Tab and a comma, none of them part of a code', () => {
    const { scans } = listen();
    type(document.body, `${CODE_A}\n${CODE_B}\t${CODE_A},${CODE_B}`, 5);
    expect(scans.map((s) => s.code)).toEqual([CODE_A, CODE_B, CODE_A, CODE_B]);
  });

  it('takes the first 16 characters before a separator and drops a code cut short by one', () => {
    const { scans } = listen();
    type(document.body, `${CODE_A}XYZ\n${CODE_B.slice(0, 10)},${CODE_B}`, 5);
    expect(scans.map((s) => s.code)).toEqual([CODE_A, CODE_B]);
  });

  it('in scan mode reads a scan typed into a select or a field and keeps every key from them', () => {
    const select = document.body.appendChild(document.createElement('select'));
    const field = document.body.appendChild(document.createElement('input'));
    const { scans } = listen(true, true);
    expect(type(select, `${CODE_A}\t`, 5).some(Boolean)).toBe(false);
    expect(type(field, `${CODE_B},`, 5).some(Boolean)).toBe(false);
    expect(scans).toEqual([
      { code: CODE_A, target: select },
      { code: CODE_B, target: field },
    ]);
  });

  it('in scan mode leaves keys in a dialog, keys with Ctrl and other keys to the page', () => {
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const comment = dialog.appendChild(document.createElement('textarea'));
    const { scans } = listen(true, true);
    expect(type(comment, CODE_A, 5).every(Boolean)).toBe(true);
    const ctrl = new KeyboardEvent('keydown', { key: 'c', ctrlKey: true, bubbles: true, cancelable: true });
    const arrow = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    document.body.dispatchEvent(ctrl);
    document.body.dispatchEvent(arrow);
    expect([ctrl.defaultPrevented, arrow.defaultPrevented]).toEqual([false, false]);
    expect(scans).toEqual([]);
  });

  it('does not count keys with Ctrl, and stops listening when disabled', () => {
    const { scans, hook } = listen();
    for (const key of CODE_A) document.body.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey: true, bubbles: true }));
    expect(scans).toEqual([]);
    hook.rerender({ on: false });
    type(document.body, CODE_A, 10);
    expect(scans).toEqual([]);
  });
});
