/** A piece of a description: plain text, or text marked **bold** (spec §5: descriptions allow basic bold). */
export interface TextPiece {
  readonly text: string;
  readonly bold: boolean;
}

/** Splits on **...** pairs; an unpaired ** stays as typed. */
export const boldPieces = (value: string): TextPiece[] => {
  const pieces: TextPiece[] = [];
  const pattern = /\*\*([^*]+?)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    if (match.index > last) pieces.push({ text: value.slice(last, match.index), bold: false });
    pieces.push({ text: match[1], bold: true });
    last = match.index + match[0].length;
  }
  if (last < value.length) pieces.push({ text: value.slice(last), bold: false });
  return pieces;
};

/** Wraps the selected part of a text in ** (or inserts an empty pair at the caret); the new caret selection follows. */
export const toggleBold = (value: string, start: number, end: number): { value: string; start: number; end: number } => {
  const before = value.slice(0, start);
  const selected = value.slice(start, end);
  const after = value.slice(end);
  if (before.endsWith('**') && after.startsWith('**')) return { value: before.slice(0, -2) + selected + after.slice(2), start: start - 2, end: end - 2 };
  return { value: `${before}**${selected}**${after}`, start: start + 2, end: end + 2 };
};
