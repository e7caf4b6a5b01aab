// <emokit-keyboard> (follows Templates/keyboard-theme.js in the runtime; defined by web/emoticons.js
// and .mjs, not by the preview): the keyboard as a custom element, for a page with no script of
// its own. `for` names the text field it types into (attachInput), `toggle` the page's button that
// shows and hides it, `theme` and `site-id` are mountKeyboard's options; changing `theme` later
// changes the theme.
//   <textarea id="text"></textarea> <button id="toggle">☺</button>
//   <emokit-keyboard for="text" toggle="toggle" theme="auto"></emokit-keyboard>

function defineKeyboardElement() {
  if (typeof customElements === "undefined" || customElements.get("emokit-keyboard")) return;
  const byId = (element, name) => (element.getAttribute(name) ? document.getElementById(element.getAttribute(name)) : null);
  customElements.define("emokit-keyboard", class extends HTMLElement {
    static get observedAttributes() { return ["theme"]; }
    connectedCallback() {
      if (this.keyboard) return;
      this.keyboard = mountKeyboard(this, {}, { theme: this.getAttribute("theme") || "auto", siteId: this.getAttribute("site-id") || undefined });
      const field = byId(this, "for");
      if (field) this.keyboard.attachInput(field, { toggle: byId(this, "toggle") || undefined });
    }
    disconnectedCallback() {
      if (this.keyboard) this.keyboard.destroy();
      this.keyboard = null;
    }
    attributeChangedCallback(name, old, value) {
      if (this.keyboard && name === "theme") this.keyboard.setTheme(value || "auto");
    }
  });
}
