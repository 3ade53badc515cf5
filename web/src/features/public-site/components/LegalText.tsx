import { Fragment } from 'react';

/** A legal document's plain text: blank lines split paragraphs, a line starting with "## " is a heading. */
export function LegalText({ body }: { readonly body: string }) {
  const blocks = body
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, i) => (
        <Fragment key={i}>{block.startsWith('## ') ? <h2>{block.slice(3)}</h2> : <p>{block}</p>}</Fragment>
      ))}
    </>
  );
}
