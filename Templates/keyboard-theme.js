// The keyboard's theme (follows Templates/keyboard-recent.js in the runtime): "light", "dark" or
// "auto" (the system's, followed as it changes). The scheme shown is `data-emk-scheme` on the
// keyboard and its pop-ups (`data-emk-theme` the theme asked for), which the stylesheet's colours
// (Templates/keyboard.css) follow; a page's own dark mode sets "dark" with setTheme.

function keyboardTheme(elements, initial) {
  const THEMES = ["light", "dark", "auto"];
  const check = (value) => {
    if (!THEMES.includes(value)) throw new TypeError(`emokit: theme must be "light", "dark" or "auto", not ${JSON.stringify(value)}`);
    return value;
  };
  let theme = check(initial === undefined ? "auto" : initial);
  const systemDark = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
  function apply() {
    const scheme = theme === "dark" || (theme === "auto" && systemDark && systemDark.matches) ? "dark" : "light";
    for (const el of elements) { el.dataset.emkTheme = theme; el.dataset.emkScheme = scheme; }
  }
  apply();
  if (systemDark && systemDark.addEventListener) systemDark.addEventListener("change", apply);
  return {
    set(value) { theme = check(value); apply(); },
    get: () => theme,
    destroy() { if (systemDark && systemDark.removeEventListener) systemDark.removeEventListener("change", apply); },
  };
}
