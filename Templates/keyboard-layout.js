// The keyboard's geometry at any width (follows Templates/emoticons.js in the runtime, before
// keyboard.js): the same arithmetic, step by step, as the Swift library's and the generator's
// (GridArithmetic: GridSpec.columnGeometry, PageLayout.frame, SheetGeometry.spriteRect), so the
// frames at a width are that width's manifest's to the last bit, and an icon sits where a
// per-width sheet has it.

function keyboardGeometry(layout, scale) {
  // YYKit's CGFloatPixelRound: to the nearest device pixel, halves away from zero.
  const pixelRound = (v) => (Math.sign(v) * Math.round(Math.abs(v) * scale)) / scale;
  // Where the columns start and how wide they are at `width`: the columns share what the insets
  // and the gaps leave; a layout that snaps to device pixels (YYKit's) rounds the cell width and
  // re-centres the columns.
  function columnGeometry(width) {
    const [, left, , right] = layout.insets;
    const cols = layout.columns, gaps = Math.max(0, cols - 1) * layout.columnSpacing;
    const available = width - (left + right) - gaps;
    if (!layout.snapToPixels) return { left, cellWidth: available / cols };
    const cellWidth = pixelRound(available / cols);
    return { left: pixelRound((width - cols * cellWidth - gaps) / 2.0), cellWidth };
  }
  // The frame of a cell at `width`: columns from the left, rows from the top inset, with the
  // layout's spacing between them.
  function cellFrame(cell, width) {
    const columns = columnGeometry(width), cw = columns.cellWidth;
    const c = cell % layout.columns, r = Math.floor(cell / layout.columns);
    return { x: columns.left + (cw + layout.columnSpacing) * c, y: layout.insets[0] + (layout.rowHeight + layout.rowSpacing) * r,
      width: cw, height: layout.rowHeight };
  }
  // Where a sprite ([sheet, x, y, width, height] in CSS px) is drawn in its key, from the key's
  // top-left: centred in the frame, its origin snapped down to a whole pixel at the scale.
  function iconOffset(frame, sprite) {
    const w = Math.round(sprite[3] * scale), hh = Math.round(sprite[4] * scale);
    const x = Math.floor(((2 * frame.x + frame.width) * scale - w) / 2 + 1e-6) / scale;
    const y = Math.floor(frame.y * scale + (frame.height * scale - hh) / 2 + 1e-6) / scale;
    return { left: x - frame.x, top: y - frame.y };
  }
  return { columnGeometry, cellFrame, iconOffset };
}
