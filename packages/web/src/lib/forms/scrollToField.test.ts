// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToElement } from './scrollToField.ts';

describe('scrollToElement', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('scrolls to a field and focuses it, but leaves a select with a list closed (unfocused)', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const field = document.body.appendChild(document.createElement('input'));
    const select = document.body.appendChild(document.createElement('input'));
    select.setAttribute('aria-haspopup', 'listbox');
    scrollToElement(field);
    expect(document.activeElement).toBe(field);
    field.blur();
    scrollToElement(select);
    expect(document.activeElement).not.toBe(select);
    expect(scroll).toHaveBeenCalledTimes(2);
  });
});
