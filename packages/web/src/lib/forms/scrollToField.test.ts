// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToElement } from './scrollToField.ts';

describe('scrollToElement', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('scrolls to a field and focuses it, but leaves a searchable select unfocused, so its list stays closed', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const field = document.body.appendChild(document.createElement('input'));
    const searchable = document.body.appendChild(document.createElement('input'));
    searchable.setAttribute('aria-haspopup', 'listbox');
    const plainSelect = document.body.appendChild(document.createElement('input'));
    plainSelect.setAttribute('aria-haspopup', 'listbox');
    plainSelect.readOnly = true;
    scrollToElement(field);
    expect(document.activeElement).toBe(field);
    field.blur();
    scrollToElement(searchable);
    expect(document.activeElement).not.toBe(searchable);
    // A Select one cannot type into opens on click only: it takes the focus.
    scrollToElement(plainSelect);
    expect(document.activeElement).toBe(plainSelect);
    expect(scroll).toHaveBeenCalledTimes(3);
  });
});
