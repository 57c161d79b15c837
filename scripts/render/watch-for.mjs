/**
 * Runs in the page before its scripts (`context.addInitScript(watchFor, text)`): keeps in
 * `window.__firstRow.at` the time (ms since navigation start) of the first frame in which an element
 * whose own text holds `text` is visible, marks it 'first-row' for the trace, and keeps the longest task
 * seen in `window.__firstRow.longest`.
 *
 * It looks only at what each change of the document added: the text nodes holding `text` become
 * candidates, and once per frame after a change the candidates' visibility is checked (the watcher of
 * before ran an XPath query over the whole document once per frame, a cost that grew with the page).
 * In a CPU profile the time of `check` is mostly the page's own first style and layout, which
 * `checkVisibility` runs at the start of the frame instead of at its end: it is not time added.
 */
export function watchFor(text) {
  const found = { at: null, longest: 0 };
  window.__firstRow = found;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) found.longest = Math.max(found.longest, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const candidates = new Set();
  const consider = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.data.includes(text) && node.parentElement) candidates.add(node.parentElement);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || !node.textContent.includes(text)) return;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let each = walker.nextNode(); each; each = walker.nextNode()) {
      if (each.data.includes(text) && each.parentElement) candidates.add(each.parentElement);
    }
  };
  let queued = false;
  const check = () => {
    queued = false;
    for (const element of candidates) {
      if (!element.isConnected) candidates.delete(element);
      else if (element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
        found.at = performance.now();
        performance.mark('first-row');
        observer.disconnect();
        return;
      }
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') consider(record.target);
      else for (const node of record.addedNodes) consider(node);
    }
    // A candidate may become visible by a later change elsewhere (a parent shown): look again on each.
    if (candidates.size > 0 && !queued) {
      queued = true;
      requestAnimationFrame(check);
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}
