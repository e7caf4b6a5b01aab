// The keyboard's pages as one moves through them (follows Templates/keyboard.js in the runtime):
// a dot per page, swiping (the pages scroll, snapping to each), and the arrow keys while the
// keyboard is in use (`inUse`: the page's `arrowKeys`, else the focus inside it), never while
// the skin-tone picker is open or a text field has the key. `k` is what they need of
// mountKeyboard's keyboard; `width` gives a page's width now.

function keyboardPaging(k) {
  const { pages, dots, picker, h, text, width, inUse } = k;
  let pageCount = 0, currentPage = 0;

  /** Shows the first of `count` pages, with a dot for each. */
  function showFirst(count) {
    pageCount = count;
    dots.textContent = "";
    for (let i = 0; i < pageCount; i++) {
      const d = h("button", { class: "emkit-dot", type: "button", "data-page-dot": String(i), "aria-label": text("page", i + 1) });
      d.addEventListener("click", () => goTo(i));
      dots.appendChild(d);
    }
    pages.scrollLeft = 0;
    setCurrent(0);
  }
  function setCurrent(p) {
    currentPage = p;
    for (const d of dots.children) d.setAttribute("aria-current", String(Number(d.dataset.pageDot) === p));
    pages.dataset.currentPage = String(p);
  }
  /** Scrolls to page `p` (kept within the pages). */
  function goTo(p) {
    const target = Math.max(0, Math.min(pageCount - 1, p));
    pages.scrollTo({ left: target * width(), behavior: "instant" });
    setCurrent(target);
  }
  const scroll = () => {
    const p = Math.round(pages.scrollLeft / Math.max(1, width()));
    if (p !== currentPage) setCurrent(p);
  };
  pages.addEventListener("scroll", scroll, { passive: true });
  const arrows = (e) => {
    const target = e.target;
    if (!picker.hidden || (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable))) return;
    if (!inUse()) return;
    if (e.key === "ArrowRight") { goTo(currentPage + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { goTo(currentPage - 1); e.preventDefault(); }
  };
  document.addEventListener("keydown", arrows);

  return {
    showFirst,
    goTo,
    /** The page shown (its index). */
    get current() { return currentPage; },
    destroy() {
      pages.removeEventListener("scroll", scroll);
      document.removeEventListener("keydown", arrows);
    },
  };
}
