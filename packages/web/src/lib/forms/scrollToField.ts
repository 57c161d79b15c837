import { HEADER_HEIGHT_PX, VALIDATION_SCROLL_OFFSET_PX } from '@portal/contract';

/**
 * Scrolls so that the element sits VALIDATION_SCROLL_OFFSET_PX below a HEADER_HEIGHT_PX header
 * (spec section 5), then focuses it without a second jump. A select one types into (a searchable
 * Select) opens its list on focus, which would cover the message under it: it is only scrolled to.
 */
export function scrollToElement(element: HTMLElement): void {
  const top = element.getBoundingClientRect().top + window.scrollY - HEADER_HEIGHT_PX - VALIDATION_SCROLL_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
  const opensOnFocus = element.getAttribute('aria-haspopup') === 'listbox' && !(element as HTMLInputElement).readOnly;
  if (!opensOnFocus) element.focus({ preventScroll: true });
}

/** Of the given elements, the one highest on the page (the first the user meets). */
export function firstOnPage(elements: (HTMLElement | null)[]): HTMLElement | null {
  let first: HTMLElement | null = null;
  for (const element of elements) {
    if (!element) continue;
    if (!first || element.getBoundingClientRect().top < first.getBoundingClientRect().top) first = element;
  }
  return first;
}
