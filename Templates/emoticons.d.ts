// TypeScript declarations of emokit's web runtime: web/emoticons.js (a classic script that
// defines globalThis.Emokit) and web/emoticons.mjs (the same API as an ES module).

export type SegmentKind = "text" | "emoticon" | "emoji";

/** A keyboard entry as `Emokit.data` holds it. */
export interface EmokitEntry {
  /** What a tap inserts (`[哈哈]`, or the emoji). */
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

export interface RenderOptions {
  /** Draw animated entries from their GIF. */
  animate?: boolean;
}

export interface KeyboardHandlers {
  /** A key was tapped: `text` is what it inserts. */
  onInsert?(text: string): void;
  /** The delete key was tapped. */
  onDelete?(): void;
  /** Shown as a Send button in the tab bar when given. */
  onSend?(): void;
}

/** A cell's box on a page, in CSS px. */
export interface KeyFrame { x: number; y: number; width: number; height: number }

/**
 * How a page draws the keyboard when it is not simply the layout at the element's width (the
 * preview passes its phone's width, the manifest's frames and sheets, and its labels).
 */
export interface KeyboardOptions {
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
  /** Keeps Recent and the chosen skin tones apart per output; default: the script's folder. */
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

export interface MountedKeyboard {
  /** Lays the keyboard out again at `width` CSS px, keeping the tab and page shown. */
  setWidth(width: number): void;
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
}
