// TypeScript declarations of emokit's web runtime: web/emoticons.js (a classic script that
// defines globalThis.Emokit) and web/emoticons.mjs (the same API as an ES module). emokit writes
// them twice, as emoticons.d.ts and emoticons.d.mts: TypeScript reads the .d.mts beside an
// imported .mjs (moduleResolution node16, nodenext and bundler).

export type SegmentKind = "text" | "emoticon" | "emoji";

/** A keyboard entry as `Emokit.data` holds it. */
export interface EmokitEntry {
  /** What a tap inserts (`[哈哈]`, or the emoji); `""` for an entry that sends an image. */
  text: string;
  /** Traditional-Chinese text, when the pack has one. */
  cht?: string;
  /** The name in the run's locale (the `aria-label`). */
  name: string;
  /** The entry's class in web/emoticons.css (`emk-faces-f_haha`), stable across runs. */
  class: string | null;
  /** `[sheet, x, y, width, height]` in CSS px; `sheet` indexes `EmokitData.sheets`. */
  sprite: [number, number, number, number, number] | null;
  emoji?: boolean;
  /** The GIF's path relative to web/, when the entry is animated. */
  animation?: string;
  /** `"image"`: a tap sends the entry's picture (a sticker) and types nothing; see `KeyboardHandlers.onImage`. */
  sends?: "image";
  /** With `sends`: the picture's path relative to web/ (`../images/<sha256>.webp`). */
  image?: string;
  keywords?: string[];
  pinyin?: string[];
  variants?: { text: string; name: string; sprite: [number, number, number, number, number] | null }[];
}

export interface EmokitTab {
  id: string;
  title: string;
  kind: "image" | "emoji" | "mixed";
  displayOnly?: boolean;
  iconClass: string | null;
  deleteClass: string;
  entries: EmokitEntry[];
}

export interface EmokitData {
  version: string;
  lang: string;
  locale: string | null;
  scales: number[];
  sheets: { paths: Record<string, string>; width: number; height: number }[];
  tabs: EmokitTab[];
  [key: string]: unknown;
}

export interface Segment {
  kind: SegmentKind;
  /** The segment's text as it is in the input; the texts joined give back the input. */
  text: string;
  /** Where the segment starts in the input, in UTF-16 units. */
  index: number;
  /** For an emoticon or an emoji the keyboard has: its tab's id and its name. */
  tab?: string;
  name?: string;
}

/** How the runtime brings its stylesheet (web/emoticons-keyboard.css's rules). */
export interface StyleOptions {
  /** `false`: add no style at all (the page links web/emoticons-keyboard.css). Default: adopt the
   * rules as a constructed stylesheet (allowed by a Content-Security-Policy without
   * 'unsafe-inline'), unless the page already links the stylesheet. */
  styles?: boolean;
  /** Add the rules as a <style> element with this nonce (a policy with `style-src 'nonce-…'`). */
  nonce?: string;
}

export interface RenderOptions extends StyleOptions {
  /** Draw animated entries from their GIF. */
  animate?: boolean;
}

export type Theme = "light" | "dark" | "auto";

export interface KeyboardHandlers {
  /** A key was tapped: `text` is what it inserts. */
  onInsert?(text: string): void;
  /** The delete key was tapped. */
  onDelete?(): void;
  /** Shown as a Send button in the tab bar when given. */
  onSend?(): void;
  /** A sticker was tapped (an entry with `sends: "image"`): send `detail.image` as a picture.
   * Nothing is typed; the keyboard's element also dispatches it as an `emoticonimage` event. */
  onImage?(detail: EmoticonImageDetail): void;
}

/** A tapped sticker: the `detail` of the `emoticonimage` event and of `onImage`. */
export interface EmoticonImageDetail {
  /** The tab's id. */
  tab: string;
  entry: EmokitEntry;
  /** Its spoken name (`entry.name`). */
  name: string;
  /** The picture's absolute URL, resolved against the script's. */
  image: string;
}

/** A cell's box on a page, in CSS px. */
export interface KeyFrame { x: number; y: number; width: number; height: number }

/**
 * How a page draws the keyboard when it is not simply the layout at the element's width (the
 * preview passes its phone's width, the manifest's frames and sheets, and its labels).
 */
export interface KeyboardOptions extends StyleOptions {
  /** The colours: "light", "dark" or "auto" (the system's, followed as it changes). Default "auto".
   * The scheme shown is the keyboard's `data-emk-scheme`; restyle with the `--emk-*` properties (Web.md). */
  theme?: Theme;
  /** The site's id: Recent and the chosen skin tones are kept per site (in localStorage), whatever
   * path the script is served from. Default: one list per origin. */
  siteId?: string;
  /** The keyboard's width in CSS px; default: the element's, followed as it changes. Keys are laid
   * out at any width with the frames `generate --widths <width>` writes to that width's manifest. */
  width?: number;
  /** The device scale frames snap to (layouts with `snapToPixels`) and icons are placed at;
   * default: the screen's among the sheets' scales (the smallest at or above
   * `devicePixelRatio`, else the largest), whose frames are the manifest's `frames[scale]`. */
  scale?: number;
  /** Words by key (`recent`, `search`, `page` with `%d`, `delete`, ...); default: the run's language. */
  labels?: Record<string, string>;
  /** Show the search field; default: when the run has emoji. */
  search?: boolean;
  /** The whole localStorage key part for Recent and the chosen skin tones (the preview's); prefer `siteId`. */
  storageKey?: string;
  /** Where the magnifier and the skin-tone picker are placed; default: the keyboard. */
  overlay?: HTMLElement;
  /** Give the parts the preview's ids (`pages`, `tabbar`, `page-dots`, ...); one keyboard a page. */
  ids?: boolean;
  /** Whether the arrow keys page the keyboard now; default: while focus is in it. */
  arrowKeys?(): boolean;
  /** A tab's pages as drawn: each page's picture and its keys at their frames. */
  pages?(tab: EmokitTab): {
    index: number;
    sheet?: Record<string, string>;
    keys: { kind: "emoticon" | "delete"; entry?: number; cell: number; frame?: KeyFrame; row?: number; column?: number; name?: string }[];
  }[];
  /** The frame of a cell of Recent and of search results. */
  cellFrame?(cell: number): KeyFrame;
  /** The keyboard's `data-layout`. */
  layoutName?: string;
}

export interface AttachInputOptions {
  /** A button of the page's that switches between this keyboard and the system's (its
   * `aria-pressed` is true while the emoticon keyboard shows). */
  toggle?: HTMLElement;
  /** Start with the emoticon keyboard hidden (the system's shown). */
  hidden?: boolean;
}

export interface AttachedInput {
  /** Shows the emoticon keyboard (the field's `inputmode` is "none" meanwhile). */
  show(): void;
  /** Hides it and focuses the field, so a phone shows its own keyboard. */
  hide(): void;
  /** Unbinds the field: keys call `onInsert` and `onDelete` again. */
  detach(): void;
}

export interface MountedKeyboard {
  /** Lays the keyboard out again at `width` CSS px, keeping the tab and page shown. */
  setWidth(width: number): void;
  /** Changes the theme at run time. */
  setTheme(theme: Theme): void;
  readonly theme: Theme;
  /** Binds the keyboard to an <input>, <textarea> or contenteditable element: keys insert at the
   * caret (replacing a selection), delete removes the whole emoticon or grapheme before it, both
   * on the browser's undo stack; `onInsert` and `onDelete` are not called while it is bound. */
  attachInput(element: HTMLInputElement | HTMLTextAreaElement | HTMLElement, options?: AttachInputOptions): AttachedInput;
  show(): void;
  hide(): void;
  readonly visible: boolean;
  destroy(): void;
}

export interface EmokitAPI {
  tokenize(text: string): Segment[];
  render(text: string, options?: RenderOptions): DocumentFragment;
  deleteBackward(text: string, caret?: number): { text: string; caret: number };
  mountKeyboard(element: HTMLElement, handlers?: KeyboardHandlers, options?: KeyboardOptions): MountedKeyboard;
  /** The entries `query` finds (name, keyword, text, pinyin and its syllables), best first. */
  search(query: string): { tab: string; entry: EmokitEntry }[];
  readonly data: EmokitData;
  readonly version: string;
}

declare const Emokit: EmokitAPI;
export default Emokit;
export declare const tokenize: EmokitAPI["tokenize"];
export declare const render: EmokitAPI["render"];
export declare const deleteBackward: EmokitAPI["deleteBackward"];
export declare const mountKeyboard: EmokitAPI["mountKeyboard"];
export declare const search: EmokitAPI["search"];
export declare const data: EmokitData;
export declare const version: string;

declare global {
  /** Defined by web/emoticons.js loaded as a classic `<script>`. */
  var Emokit: EmokitAPI;
  interface HTMLElementEventMap {
    /** A sticker was tapped on a keyboard mounted in this element (bubbles). */
    emoticonimage: CustomEvent<EmoticonImageDetail>;
  }
}
