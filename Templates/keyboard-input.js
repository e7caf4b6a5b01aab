// The keyboard bound to a text field (follows Templates/keyboard-popups.js in the runtime; the
// mounted keyboard's attachInput): an <input>, a <textarea> or a contenteditable element. Keys
// insert at the caret and replace a selection; delete removes the selection, else the whole
// emoticon, emoji or grapheme before the caret (Core.deleteBackward's rule). Both go through the
// browser's own editing (execCommand "insertText" / "delete", which every current browser keeps
// on its undo stack), with setRangeText where a browser has no execCommand; either way the page
// gets its usual `input` event. A toggle button of the page's switches between this keyboard and
// the system's: while the emoticon keyboard shows, the field keeps `inputmode="none"` so a phone's
// own keyboard stays down.

function keyboardInput(target, options, k) {
  const { root, onChange } = k;
  const isField = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
  if (!isField && !(target instanceof HTMLElement && target.isContentEditable)) {
    throw new TypeError("emokit: attachInput needs an <input>, a <textarea> or a contenteditable element");
  }
  const toggle = options.toggle || null;
  const originalMode = target.getAttribute("inputmode");

  // A contenteditable element's selection is lost when a key takes the focus (keyboard users):
  // the last one inside the element is kept and put back before editing.
  let savedRange = null;
  const saveRange = () => {
    const selection = document.getSelection();
    if (selection && selection.rangeCount && target.contains(selection.getRangeAt(0).commonAncestorContainer)) {
      savedRange = selection.getRangeAt(0).cloneRange();
    }
  };
  if (!isField) document.addEventListener("selectionchange", saveRange);

  // Focus the field (keeping the selection), run `edit`, then give the focus back to the key that
  // had it, so a keyboard user can press it again.
  function editing(edit) {
    const before = document.activeElement;
    if (document.activeElement !== target) {
      target.focus({ preventScroll: true });
      if (!isField && savedRange) {
        const selection = document.getSelection();
        selection.removeAllRanges();
        selection.addRange(savedRange);
      }
    }
    edit();
    if (!isField) saveRange();
    if (before && before !== target && root.contains(before)) before.focus({ preventScroll: true });
  }
  const command = (name, value) => {
    try { return document.execCommand(name, false, value); } catch (e) { return false; }
  };
  const changed = () => target.dispatchEvent(new Event("input", { bubbles: true }));

  function insert(text) {
    editing(() => {
      if (command("insertText", text)) return;
      if (isField && typeof target.selectionStart !== "number") {
        target.value += text;
        changed();
      } else if (isField) {
        target.setRangeText(text, target.selectionStart, target.selectionEnd, "end");
        changed();
      } else {
        const selection = document.getSelection();
        if (!selection.rangeCount) return;
        const range = selection.getRangeAt(0);
        range.deleteContents();
        const node = document.createTextNode(text);
        range.insertNode(node);
        range.setStartAfter(node);
        range.collapse(true);
        selection.removeAllRanges();
        selection.addRange(range);
        changed();
      }
    });
  }

  function deleteBackward() {
    editing(() => {
      if (isField && typeof target.selectionStart !== "number") {
        // An <input type="email"> and the like have no selection to read: the end of the text.
        target.value = Core.deleteBackward(target.value).text;
        changed();
        return;
      }
      if (isField) {
        let start = target.selectionStart, end = target.selectionEnd;
        if (start === end) start = Core.deleteBackward(target.value, end).caret;
        if (start === end) return;
        target.setSelectionRange(start, end);
        if (command("delete")) return;
        target.setRangeText("", start, end, "end");
        changed();
        return;
      }
      const selection = document.getSelection();
      if (!selection.rangeCount) return;
      if (selection.isCollapsed) {
        const node = selection.focusNode, offset = selection.focusOffset;
        if (node && node.nodeType === Node.TEXT_NODE && offset > 0) {
          const start = Core.deleteBackward(node.data, offset).caret;
          selection.setBaseAndExtent(node, start, node, offset);
        } else if (selection.modify) {
          // At the start of a text node or between elements: the grapheme before, as the browser sees it.
          selection.modify("extend", "backward", "character");
        }
        if (selection.isCollapsed) return;
      }
      if (command("delete")) return;
      selection.getRangeAt(0).deleteContents();
      changed();
    });
  }

  // Shows the emoticon keyboard or the system's: the page's toggle says which (aria-pressed: the
  // emoticon keyboard is shown), and the field's inputmode keeps the phone's keyboard down meanwhile.
  function sync() {
    const shown = !root.hidden;
    if (shown) target.setAttribute("inputmode", "none");
    else if (originalMode === null) target.removeAttribute("inputmode");
    else target.setAttribute("inputmode", originalMode);
    if (toggle) {
      toggle.setAttribute("aria-pressed", String(shown));
      toggle.setAttribute("aria-label", k.text(shown ? "toSystem" : "toEmoticons") || (shown ? "Switch to system keyboard" : "Switch to emoticon keyboard"));
    }
  }
  function setShown(shown) {
    root.hidden = !shown;
    sync();
    // Back to the system keyboard: the field takes the focus, so a phone shows its keyboard.
    if (!shown) target.focus({ preventScroll: true });
  }
  const onToggle = (event) => { event.preventDefault(); setShown(root.hidden); };
  if (toggle) {
    if (!toggle.hasAttribute("type") && toggle.tagName === "BUTTON") toggle.type = "button";
    toggle.addEventListener("click", onToggle);
  }
  if (options.hidden) root.hidden = true;
  sync();

  function detach() {
    if (!isField) document.removeEventListener("selectionchange", saveRange);
    if (toggle) toggle.removeEventListener("click", onToggle);
    if (originalMode === null) target.removeAttribute("inputmode");
    else target.setAttribute("inputmode", originalMode);
    onChange();
  }
  return { insert, deleteBackward, sync, detach, handle: { detach, show: () => setShown(true), hide: () => setShown(false) } };
}
