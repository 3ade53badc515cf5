import { boldPieces } from '../format/bold-text';

/** A description with its **bold** parts in <strong>, as text (never as HTML). */
export function BoldText({ value }: { readonly value: string }) {
  return <>{boldPieces(value).map((piece, i) => (piece.bold ? <strong key={i}>{piece.text}</strong> : <span key={i}>{piece.text}</span>))}</>;
}
