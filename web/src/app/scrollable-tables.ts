/**
 * A table wider than its box scrolls inside antd's `.ant-table-content`, which takes no props: when no
 * row holds a button (a read-only list, a report) a keyboard cannot reach it to scroll (axe
 * scrollable-region-focusable). Every such box gets into the tab order, wherever a table appears.
 */
export function focusableTableScroll(root: HTMLElement = document.body): () => void {
  let queued = false;
  const mark = () => {
    queued = false;
    for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content:not([tabindex])')) box.tabIndex = 0;
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(mark);
  });
  observer.observe(root, { childList: true, subtree: true });
  mark();
  return () => observer.disconnect();
}
